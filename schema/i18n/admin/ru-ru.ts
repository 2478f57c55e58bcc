/** Strings of the admin console itself, Russian. */
import type { AdminCatalog } from './zh-cn';

const ruRu: AdminCatalog = {
  admin: {
    titles: { admin_index: 'Главная', sign_in: 'Вход', not_found: 'Страница не найдена' },
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
    sign_in: { account: 'Аккаунт', password: 'Пароль', submit: 'Войти', need_account: 'Введите аккаунт', need_password: 'Введите пароль' },
  },
};
export default ruRu;
