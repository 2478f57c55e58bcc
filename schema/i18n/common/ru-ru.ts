/** Shared labels, ru-ru. Keys mirror zh-cn.ts (enforced by `CommonCatalog`). */
import type { CommonCatalog } from './zh-cn';

const system = { id: 'ID', owner: 'Владелец', createTime: 'Создано', updateTime: 'Изменено', deleteTime: 'Удалено', serial: 'Порядок', lock: 'Заблокировано' };
const row = { id: system.id, uid: system.owner, createTime: system.createTime, updateTime: system.updateTime };
const trashed = { ...row, deleteTime: system.deleteTime };

const ruRu: CommonCatalog = {
  resources: {
    users: {
      name: 'Пользователи',
      fields: {
        ...trashed, nickname: 'Имя', account: 'Учётная запись', phone: 'Номер телефона', email: 'Эл. почта',
        password: 'Пароль', status: 'Статус', gender: 'Пол', source: 'Источник', avatar: 'Аватар', describe: 'О себе',
        remark: 'Примечание', signInIp: 'IP входа', signUpIp: 'IP регистрации', signInTime: 'Последний вход', mfa: 'Двухфакторный вход', mfaSecret: 'Ключ двухфакторного входа', mfaRecovery: 'Коды восстановления',
      },
    },
    'receive-money': {
      name: 'Платежи',
      fields: {
        channel: 'Провайдер', openExceptions: 'Открытые исключения', exception: 'Исключение', exceptionAmount: 'Сумма исключения', exceptionCurrency: 'Валюта исключения', refundedAmount: 'Возвращено', checkoutId: 'Сессия оплаты', checkoutUrl: 'Ссылка на оплату', checkoutExpires: 'Сессия истекает', lookedUpTime: 'Последняя проверка', paidAmount: 'Оплаченная сумма', paidTime: 'Время оплаты', channelTradeNo: 'Транзакция шлюза', expireTime: 'Истекает', notifyUrl: 'Адрес уведомлений',
        ...trashed, tradeNo: 'Номер заказа', outTradeNo: 'Номер заказа продавца', mchId: 'ID продавца',
        productId: 'ID товара', title: 'Название товара', describe: 'Описание', amount: 'Сумма', currency: 'Валюта',
        payType: 'Способ оплаты', status: 'Статус оплаты', payUrl: 'Ссылка на оплату', returnUrl: 'Ссылка возврата в магазин', files: 'Вложения',
        remark: 'Примечание',
      },
    },
    'auth-group': {
      name: 'Группы прав',
      fields: {
        ...trashed, name: 'Название группы', no: 'Номер группы', manage: 'Управляет чужими данными',
        all: 'Все права', mfa: 'Требует двухфакторный вход', rules: 'Правила API', uids: 'Участники', remark: 'Примечание', lock: 'Заблокировано',
        serial: 'Порядок',
      },
    },
    'auth-rules': {
      name: 'Правила API',
      fields: {
        ...row, hash: 'Хеш', group: 'Группа', name: 'Название', method: 'Метод', route: 'Маршрут',
        type: 'Тип', remark: 'Примечание', lock: 'Заблокировано',
      },
    },
    logs: {
      name: 'Журнал операций',
      fields: {
        ...trashed, title: 'Заголовок', scene: 'Сценарий', method: 'Метод', api: 'API', code: 'Код ответа',
        content: 'Содержание', bindId: 'ID связанной записи', bindType: 'Тип связанной записи', ip: 'IP-адрес',
        agent: 'Клиент', params: 'Параметры запроса',
      },
    },
    config: { name: 'Системные настройки', fields: { ...row, key: 'Ключ', value: 'Значение', remark: 'Примечание' } },
    article: {
      name: 'Статьи',
      fields: {
        ...trashed, title: 'Заголовок', abstract: 'Аннотация', content: 'Текст', covers: 'Обложка', tags: 'Теги',
        views: 'Просмотры', top: 'Закреплено', audit: 'Одобрено',
      },
    },
    tags: { name: 'Теги', fields: { ...trashed, name: 'Название', avatar: 'Значок', describe: 'Описание' } },
    comment: {
      name: 'Комментарии',
      fields: {
        ...trashed, pid: 'Родительский комментарий', bindType: 'Тип объекта', bindId: 'ID объекта',
        content: 'Текст', nickname: 'Имя', email: 'Эл. почта', url: 'Сайт', ip: 'IP-адрес', agent: 'Клиент',
        audit: 'Одобрено',
      },
    },
    banner: {
      name: 'Баннеры',
      fields: { ...trashed, title: 'Заголовок', image: 'Изображение', url: 'Ссылка', describe: 'Описание', serial: 'Порядок' },
    },
    links: {
      name: 'Дружественные ссылки',
      fields: { ...trashed, nickname: 'Название сайта', url: 'Сайт', avatar: 'Значок', describe: 'Описание', serial: 'Порядок' },
    },
    pages: {
      name: 'Страницы',
      fields: { ...trashed, key: 'Ключ страницы', title: 'Заголовок', content: 'Текст', audit: 'Одобрено' },
    },
    placard: {
      name: 'Объявления',
      fields: {
        ...trashed, title: 'Заголовок', type: 'Тип', content: 'Текст', top: 'Закреплено',
        startTime: 'Начало показа', endTime: 'Конец показа',
      },
    },
    level: { name: 'Уровни', fields: { ...trashed, name: 'Название', value: 'Требуемый опыт', describe: 'Описание' } },
    'order-events': {
      name: 'События заказов',
      fields: {
        ...row, orderId: 'ID заказа', tradeNo: 'Номер заказа', fromStatus: 'Был', toStatus: 'Стал', source: 'Источник',
        actor: 'Кем', reference: 'Транзакция шлюза', amount: 'Сумма', currency: 'Валюта', reason: 'Причина', exception: 'Исключение', refundId: 'ID возврата', digest: 'Дайджест уведомления',
      },
    },
    'pay-notifications': {
      name: 'Платёжные уведомления',
      fields: {
        ...row, dedupeKey: 'Ключ дедупликации', channel: 'Канал', notificationId: 'ID уведомления', orderId: 'ID заказа', tradeNo: 'Номер заказа',
        outcome: 'Результат', reason: 'Причина', amount: 'Сумма', currency: 'Валюта', digest: 'Дайджест уведомления',
      },
    },
    callbacks: {
      name: 'Уведомления продавцу',
      fields: {
        ...row, orderId: 'ID заказа', eventId: 'ID события', tradeNo: 'Номер заказа', messageId: 'ID сообщения', url: 'Адрес уведомлений',
        payload: 'Содержимое', state: 'Доставка', tries: 'Сделано попыток', attempts: 'Попытки', lastCode: 'Последний код',
        nextTime: 'Следующая попытка', leaseUntil: 'Аренда до', leaseOwner: 'Держатель аренды', deliveredTime: 'Доставлено',
      },
    },
    'order-exceptions': {
      name: 'Исключения заказов',
      fields: {
        ...row, orderId: 'ID заказа', tradeNo: 'Номер заказа', kind: 'Исключение', amount: 'Получено', currency: 'Валюта', reference: 'Транзакция шлюза', state: 'Состояние', reason: 'Причина', resolvedBy: 'Кем разобрано', resolvedTime: 'Когда разобрано', refundId: 'ID возврата',
      },
    },
    refunds: {
      name: 'Возвраты',
      fields: {
        ...row, orderId: 'ID заказа', tradeNo: 'Номер заказа', channel: 'Провайдер', amount: 'Сумма возврата', currency: 'Валюта', state: 'Состояние',
        reason: 'Причина', exception: 'По исключению', reference: 'Возврат у провайдера', idempotencyKey: 'Ключ идемпотентности', failure: 'Ошибка', actor: 'Кем',
      },
    },
    'idempotency-keys': {
      name: 'Ключи идемпотентности',
      fields: { ...row, dedupeKey: 'Ключ', digest: 'Дайджест запроса', status: 'Код ответа', response: 'Ответ', expireTime: 'Истекает' },
    },
    'callback-secrets': {
      name: 'Секреты подписи уведомлений',
      fields: { ...row, merchant: 'Продавец', prefix: 'Начало секрета', secret: 'Секрет', previous: 'Прежний секрет', previousUntil: 'Прежний секрет действует до' },
    },
    views: { name: 'Сохранённые виды', fields: { ...row, name: 'Название', resource: 'Список', state: 'Вид', group: 'Общий для группы' } },
    'api-keys': {
      name: 'API-ключи',
      fields: {
        ...row, name: 'Название', prefix: 'Начало ключа', hash: 'Дайджест ключа', expireTime: 'Истекает', lastUsedTime: 'Последнее использование',
        revokedTime: 'Отозван', rules: 'Правила',
      },
    },
    invite: {
      name: 'Коды приглашения',
      fields: {
        ...trashed, code: 'Код приглашения', usedBy: 'Кем использован', usedTime: 'Когда использован',
        expireTime: 'Действует до', remark: 'Примечание',
      },
    },
  },
  options: {
    status: { normal: 'Активен', banned: 'Заблокирован', pending: 'Ожидает оплаты', completed: 'Оплачено', failed: 'Ошибка оплаты', expired: 'Истёк', refunded: 'Возвращено', closed: 'Закрыт', partially_refunded: 'Частично возвращено' },
    refundState: { pending: 'В обработке', succeeded: 'Возвращено', failed: 'Возврат не удался' },
    exception: { _empty: 'Нет', paid_late: 'Оплачен поздно', underpaid: 'Недоплата', overpaid: 'Переплата', wrong_currency: 'Не та валюта' },
    exceptionState: { open: 'Открыто', accepted: 'Принято', refunded: 'Возвращено' },
    eventSource: { notify: 'Платёжное уведомление', expiry: 'Истечение срока', operator: 'Оператор', lookup: 'Запрос к провайдеру', refund: 'Возврат' },
    revisionAction: { create: 'Создано', update: 'Изменено', remove: 'Перемещено в корзину', restore: 'Восстановлено из корзины', delete: 'Удалено', payment: 'Обработка платежа', settings: 'Настройки сохранены' },
    outcome: { applied: 'Применено', flagged: 'Сохранено как исключение', finished: 'Заказ уже завершён', rejected: 'Отклонено' },
    state: { pending: 'Ожидает', delivered: 'Доставлено', failed: 'Не доставлено', gone: 'Отклонено продавцом' },
    gender: { unknown: 'Не указан', boy: 'Мужской', girl: 'Женский' },
    source: { default: 'По умолчанию', install: 'При установке', qq: 'QQ', phone: 'Телефон', email: 'Эл. почта' },
    ruleType: { default: 'Через группу', common: 'Открытый', login: 'После входа' },
    method: { GET: 'GET чтение', POST: 'POST создание', PUT: 'PUT изменение', PATCH: 'PATCH частичное изменение', DELETE: 'DELETE удаление' },
    scene: {
      import: 'Импорт', 'update-many': 'Массовое изменение', _empty: 'Прочее', 'sign-in': 'Вход', 'sign-up': 'Регистрация', 'check-token': 'Проверка токена',
      take: 'Просмотр', find: 'Поиск', rows: 'Список', rand: 'Случайная выборка', sort: 'Изменение порядка',
      save: 'Сохранение', create: 'Создание', update: 'Изменение', export: 'Экспорт', remove: 'В корзину',
      restore: 'Восстановление', delete: 'Окончательное удаление', clear: 'Очистка корзины',
    },
    payType: {
      _empty: 'Не указан', grabpay: 'GrabPay', wechat: 'WeChat Pay', alipay: 'Alipay', card: 'Банковская карта', atm: 'Перевод через банкомат',
      paynow: 'PayNow', fpx: 'Интернет-банк FPX', promptpay: 'PromptPay', qris: 'QR-код QRIS', va: 'Виртуальный счёт',
    },
    currency: {
      _empty: '—', USD: 'Доллар США', EUR: 'Евро', JPY: 'Японская иена', GBP: 'Фунт стерлингов', AUD: 'Австралийский доллар',
      CAD: 'Канадский доллар', CHF: 'Швейцарский франк', CNY: 'Китайский юань', HKD: 'Гонконгский доллар',
      NZD: 'Новозеландский доллар', KRW: 'Южнокорейская вона', SGD: 'Сингапурский доллар', NOK: 'Норвежская крона',
      MXN: 'Мексиканское песо', INR: 'Индийская рупия', RUB: 'Российский рубль', ZAR: 'Южноафриканский рэнд',
      TRY: 'Турецкая лира', BRL: 'Бразильский реал', TWD: 'Новый тайваньский доллар', DKK: 'Датская крона',
      PLN: 'Польский злотый', THB: 'Тайский бат', IDR: 'Индонезийская рупия', HUF: 'Венгерский форинт',
      CZK: 'Чешская крона', ILS: 'Новый израильский шекель', CLP: 'Чилийское песо', PHP: 'Филиппинское песо',
      AED: 'Дирхам ОАЭ', COP: 'Колумбийское песо', SAR: 'Саудовский риял', MYR: 'Малайзийский ринггит',
      RON: 'Румынский лей',
    },
    bindType: { article: 'Статья', pages: 'Страница' },
    type: { info: 'Информация', warning: 'Предупреждение', success: 'Хорошая новость' },
    inviteMode: {
      close: 'Выключено (код не нужен)', open: 'Открыто (код по желанию)', force: 'Обязательно (нужен код)',
    },
    inviteFormat: { number: 'Только цифры', letter: 'Только буквы', mix: 'Буквы и цифры' },
    smsMode: { intercept: 'Блокировать запрос', 'force-black': 'Внести IP в чёрный список' },
    smsStrategy: {
      loose: 'Мягкая (IP + телефон + API)', moderate: 'Умеренная (IP + телефон)', strict: 'Строгая (телефон)',
    },
    signInStrategy: {
      loose: 'Мягкая (учётная запись + пароль, без кода)', strict: 'Строгая (телефон или почта + код подтверждения)',
    },
  },
  validation: {
    report_date: 'Введите дату в формате ГГГГ-ММ-ДД',
    report_period: 'Дата окончания не может быть раньше даты начала',
    refund_amount: 'Сумма возврата должна быть больше 0 и не больше %{left} %{currency}',
    refund_over: 'Возвраты не могут превышать оплату: осталось не больше %{left} %{currency}',
    required: 'Обязательное поле',
    min_length: 'Не менее %{min} символов',
    max_length: 'Не более %{max} символов',
    pattern: 'Неверный формат',
    min_value: 'Значение не может быть меньше %{min}',
    between: 'Должно быть от %{min} до %{max}',
    max_value: 'Значение не может быть больше %{max}',
    decimals: 'Слишком много знаков после запятой',
    currency_decimals: "Сумма в %{currency}: не более %{digits} знаков после запятой",
    string: 'Введите текст',
    integer: 'Введите целое число',
    choice: 'Выберите один из вариантов',
    json: 'Введите корректный JSON',
    json_too_large: 'JSON слишком большой или слишком глубоко вложен (не более %{kb} КБ и %{depth} уровней)',
    ids: 'Неверный список ID',
    ids_missing: 'Нет записей с такими ID: %{ids}',
    ref_unknown: 'Нет строки с %{key} «%{value}»',
    import_status: 'Импортируемый заказ может быть только ожидающим, оплаченным, неудачным или просроченным',
    import_paid: 'У оплаченного заказа должны быть сумма и время оплаты; у других их нет',
    not_bulk: 'Это поле нельзя менять у многих строк сразу',
    image_url: 'Адрес изображения должен начинаться с http://, https://, // или /',
    url: 'Введите корректную ссылку',
    unknown_field: 'Неизвестное поле',
    invalid_type: 'Неверный тип значения',
    invalid_id: 'Неверный ID',
    account_length: 'Учётная запись должна содержать от 4 до 32 символов',
    account_pattern: 'Учётная запись может содержать только буквы и цифры',
    phone: 'Введите корректный номер мобильного телефона',
    email: 'Введите корректный адрес эл. почты',
    password_length: 'Пароль должен содержать от 6 до 32 символов',
    avatar: 'Вам правда кажется, что это адрес аватара?',
    group_name_required: 'Дайте группе прав название, иначе как их различать?',
    title_required: 'Укажите заголовок',
    port: 'Порт должен быть от 1 до 65535',
    host: 'Введите корректный адрес хоста',
    domain: 'Домен должен начинаться с http:// или https:// и не заканчиваться на /',
    directory: 'Введите корректный путь к каталогу',
    input_invalid: 'Введены неверные данные',
    expire_window: 'Срок не может быть позже чем через 3 дня после создания',
    expire_past: 'Срок должен быть в будущем',
    key_rules: 'Правила — это список вида ["POST api/receive-money/create"]',
    key_rules_empty: 'Выберите хотя бы одно правило или не указывайте их вовсе, чтобы ключ мог всё, что можете вы',
    key_rules_unknown: 'Нет таких правил: %{rules}',
    key_rules_not_held: 'Нельзя дать ключу правила, которых нет у вас: %{rules}',
    key_rules_or_preset: 'Укажите либо правила, либо шаблон, но не оба',
    reason_required: 'Укажите причину',
    webhook_secret: 'Секрет начинается с whsec_, за которым следуют символы base64',
    rest_id: 'id в теле запроса должен совпадать с id в адресе (%{id})',
    channel_not_ready: 'Сначала настройте канал: укажите его ключ в настройках платежей',
    currency_not_taken: '%{channel} не принимает %{currency}',
    whole_units: 'Этот канал принимает %{currency} только целыми единицами',
    time_zone: 'Неизвестный часовой пояс',
    period_date: 'Укажите правильную дату (ГГГГ-ММ-ДД)',
    period_order: 'Дата окончания не может быть раньше даты начала',
    period_too_long: 'Период — не более %{days} дней',
    not_your_group: 'Делиться можно только с группой, в которой вы состоите',
    view_state: 'Неверный вид: он содержит фильтры, столбцы, сортировку и размер страницы',
    view_state_param: '«%{name}» в виде — не фильтр и не сортировка этого списка',
    view_list: 'Нет списка «%{name}»',
  },
  actions: {
    settlement: 'Отчёт о расчётах',
    figures: 'Показатели обзора',
    'mfa-sign-in': 'Вход с двухфакторным кодом', 'mfa-setup': 'Начать настройку двухфакторного входа', 'mfa-enable': 'Включить двухфакторный вход', 'mfa-reset': 'Сбросить двухфакторный вход',
    roll: 'Создать или заменить секрет уведомлений', 'end-overlap': 'Отключить прежний секрет', refund: 'Возврат', resolve: 'Разобрать исключение', test: 'Отправить тестовое уведомление', generate: 'Создать коды',
    'mark-paid': 'Отметить оплату', 'mark-failed': 'Отметить неудачу', close: 'Закрыть заказ', resend: 'Отправить снова', revoke: 'Отозвать',
    rules: 'Ограничить правила ключа', choices: 'Правила, доступные ключу',
    checkout: 'Начать оплату', check: 'Проверить оплату', providers: 'Платёжные провайдеры', webhooks: 'Последние вебхуки',
    take: 'Просмотр', find: 'Поиск', rows: 'Список', rand: 'Случайная выборка', export: 'Экспорт', create: 'Создание',
    save: 'Сохранение', update: 'Изменение', sort: 'Изменение порядка', restore: 'Восстановление', remove: 'В корзину',
    delete: 'Удалить навсегда', clear: 'Очистить корзину', flat: 'Краткий список', briefly: 'Сводка',
    tree: 'Дерево правил', 'group-names': 'Названия групп', preset: 'Готовые группы', 'sign-in': 'Вход',
    'sign-code': 'Вход по коду', 'sign-up': 'Регистрация', 'reset-password': 'Сброс пароля',
    'check-token': 'Проверка токена', 'sign-out': 'Выход', init: 'Инициализация', mine: 'Мои права',
    upload: 'Загрузка файла', toml: 'Чтение настроек', toml_update: 'Изменение настроек', cache_clear: 'Очистка кеша', blocked: 'Заблокированные клиенты', unblock: 'Снять блокировку', groups: 'Группы для общего доступа',
    docs: 'Документация API', docs_json: 'Документация API (JSON)',
    import: 'Импорт', 'update-many': 'Массовое изменение', 'rest-list': 'Список (simple-rest)', 'rest-one': 'Просмотр (simple-rest)', 'rest-create': 'Создание (simple-rest)', 'rest-update': 'Изменение (simple-rest)', 'rest-patch': 'Частичное изменение (simple-rest)', 'rest-delete': 'Удаление (simple-rest)',
  },
  ruleGroups: { 'rate-limits': 'Ограничения частоты', dashboard: 'Обзор', comm: 'Учётная запись', file: 'Файлы', cache: 'Кеш', toml: 'Настройки', docs: 'Документация API' },
  /** A system column's label by its kind, for tables whose labels sit in their schema (schema/i18n/inline). */
  system,
  menu: { users: 'Пользователи', flow: 'Платежи', safety: 'Безопасность и оповещения', settings: 'Системные настройки', content: 'Контент' },
  presets: {
    super_admin: { name: 'Суперадминистратор', remark: 'Все права, доступ к данным всех пользователей' },
    operator_all: {
      name: 'Оператор (все данные)',
      remark: 'Просматривает, создаёт и изменяет данные всех, перемещает их в корзину; не может окончательно удалять отдельные записи',
    },
    operator_own: { name: 'Оператор (свои данные)', remark: 'Управляет только созданными им заказами и загружает вложения' },
    auditor: { name: 'Аудитор', remark: 'Только чтение: просмотр и экспорт данных всех пользователей' },
  },
};

export default ruRu;
