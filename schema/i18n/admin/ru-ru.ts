/** Strings of the admin console itself, Russian. */
import type { AdminCatalog } from './zh-cn';

const ruRu: AdminCatalog = {
  admin: {
    titles: { admin_index: 'Главная', sign_in: 'Вход', sign_up: 'Регистрация', sign_forget: 'Забыли пароль', not_found: 'Страница не найдена' },
    not_found: { title: 'Страница не найдена', text: 'Возможно, страница была удалена, переименована или временно недоступна.', home: 'На главную' },
    buttons: {
      add: 'Добавить', edit: 'Изменить', remove: 'В корзину', restore: 'Восстановить', destroy: 'Удалить навсегда', clear: 'Очистить корзину',
      export: 'Экспорт', refresh: 'Обновить', all: 'Все', trash: 'Корзина', filters: 'Фильтры', settings: 'Настройки таблицы',
    },
    list: { keyword: 'Ключевое слово', any: 'Любой', auto_search: 'Автопоиск', actions: 'Действия' },
    settings: {
      title: 'Настройки таблицы', views: 'Вид', sort: 'Сортировка', config: 'Параметры', sort_field: 'Поле сортировки',
      pin_left: 'Слева', pin_none: 'Нет', pin_right: 'Справа', reset: 'По умолчанию',
      date_simple: 'Кратко (дата и минуты)', date_detailed: 'Подробно (дата и секунды)', date_ymd: 'Год-месяц-день',
    },
    confirm: {
      title: 'Это действие нельзя отменить', destroy: 'Удалить навсегда выбранные записи (%{smart_count})? Восстановить их будет нельзя.',
      clear: 'Очистить корзину? Записи в ней будут удалены навсегда.', yes: 'Не пожалею', no: 'Я подумаю',
    },
    notify: { created: 'Создано', saved: 'Сохранено', removed: 'Перемещено в корзину', restored: 'Восстановлено', destroyed: 'Удалено навсегда', cleared: 'Корзина очищена' },
    form: { create_title: 'Новая запись: %{name}', edit_title: 'Изменить: %{name}', password_keep: 'Оставьте пустым, чтобы не менять пароль' },
    upload: { button: 'Загрузить', success: 'Загружено', failed: 'Не удалось загрузить', error: 'Ошибка загрузки', none: 'Нет вложений', progress: 'Ход загрузки' },
    pay_link: {
      title: 'Заказ создан', content: 'Отправьте плательщику ссылку на оплату:', copy: 'Копировать ссылку', later: 'Позже',
      copied: 'Ссылка на оплату скопирована', copy_failed: 'Не удалось скопировать',
    },
    sign: {
      fields: { social: 'Телефон или email', account: 'Аккаунт', password: 'Пароль', AgainPassword: 'Повторите пароль', code: 'Код подтверждения', invite: 'Код приглашения (необязательно)' },
      by_password: 'По паролю', by_code: 'По коду', submit_sign_in: 'Войти', submit_sign_up: 'Зарегистрироваться',
      send_code: 'Отправить код', resend_in: 'Повторно через %{seconds} с', code_sent: 'Код отправлен', reset_done: 'Пароль сброшен',
      need_account: 'Введите аккаунт', need_password: 'Введите пароль', need_social: 'Введите телефон или email', need_code: 'Введите код подтверждения',
      need_again: 'Введите пароль ещё раз', passwords_differ: 'Пароли не совпадают', password_short: 'Пароль должен быть не короче 8 символов',
      need_social_or_account: 'Укажите телефон/email или аккаунт',
    },
    screens: {
      'auth-group': {
        up: 'Переместить вверх', down: 'Переместить вниз', presets: 'Создать по шаблону', all_rules: 'У группы есть все права: выбирать правила не нужно',
        expand: 'Развернуть «%{name}»', collapse: 'Свернуть «%{name}»', member_search: 'Поиск по имени, телефону или email', no_users: 'Нет подходящих пользователей',
      },
      'receive-money': { no_channel: 'Для этой валюты нет способов оплаты' },
      users: { status_saved: 'Статус пользователя обновлён', avatar_preview: 'Предпросмотр аватара' },
      logs: {
        details: 'Подробнее', title: 'Запись журнала операций', user: 'Пользователь', guest: 'Гость (без входа)', os: 'Операционная система', browser: 'Браузер', time: 'Время', unknown: 'Неизвестно',
        codes: { 200: 'Успешно', 201: 'Создано', 204: 'Нет данных', 400: 'Ошибка', 401: 'Не авторизован', 403: 'Доступ запрещён' },
      },
      'auth-rules': { open_api: 'Документация API' },
    },
  },
};
export default ruRu;
