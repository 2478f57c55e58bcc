/**
 * The view declarations of a resource (issue 31): the record page, the phone
 * row, the common filters and when a form asks a field. A table that declares
 * none gets defaults from its fields; a declaration naming what is not there
 * or may not be seen fails where the table is defined.
 */
import { expect, it } from 'vitest';
import { defineResource, f } from '../../schema/define';
import { callbacks, receiveMoney, refunds, users } from '../../schema/index';

const fields = {
  id: f.id(),
  name: f.text({ max: 40 }),
  price: f.number({ decimals: 2, money: 'currency' }),
  currency: f.select({ options: ['USD', 'JPY'], default: 'USD', filter: false }),
  state: f.select({ options: ['open', 'done'], default: 'open', colors: { open: '#777', done: '#070' } }),
  secret: f.password(),
  paid: f.flag(),
  ...f.timestamps(),
};

it('gives every table a phone row from its title, money, date and status', () => {
  const notes = defineResource({ name: 'notes', menu: 'content', fields });
  expect(notes.compact).toEqual({ primary: 'name', secondary: ['price', 'createTime'], tertiary: 'state' });
  expect(defineResource({ name: 'notes', menu: 'content', fields, title: 'state' }).compact).toEqual({ primary: 'state', secondary: ['name', 'price', 'createTime'] });
  // The tables the operators read on a phone: amount and status on every order, refund and callback row.
  expect(receiveMoney.compact).toEqual({ primary: 'title', secondary: ['amount', 'createTime'], tertiary: 'status' });
  expect(refunds.compact.secondary).toContain('amount');
  expect(refunds.compact.tertiary).toBe('state');
  expect(callbacks.compact.tertiary).toBe('state');
  // Users by account, with the nickname people know them by below it.
  expect(users.compact).toEqual({ primary: 'account', secondary: ['nickname', 'createTime'], tertiary: 'status' });
});

it('offers the states and the creation date first unless the table names its common filters', () => {
  expect(defineResource({ name: 'notes', menu: 'content', fields }).filters).toEqual(['state', 'paid', 'createTime']);
  expect(defineResource({ name: 'notes', menu: 'content', fields, filters: ['createTime'] }).filters).toEqual(['createTime']);
  expect(receiveMoney.filters.slice(0, 2)).toEqual(['status', 'channel']);
});

it('declares the order page: its summary, actions and related panels', () => {
  expect(receiveMoney.show?.summary.slice(0, 4)).toEqual(['status', 'amount', 'paidAmount', 'refundedAmount']);
  expect(receiveMoney.show?.actions).toContain('edit');
  expect(receiveMoney.show?.panels?.map((p) => p.resource)).toEqual(['order-events', 'order-exceptions', 'callbacks', 'refunds']);
  expect(defineResource({ name: 'notes', menu: 'content', fields }).show).toBeUndefined();
});

it('tells the forms which order fields the system fills and which are asked only on create', () => {
  expect(receiveMoney.fields.tradeNo.entry).toBe('system');
  expect(receiveMoney.fields.outTradeNo.entry).toBe('create');
  expect(receiveMoney.fields.amount.required).toBe(true);
  expect(receiveMoney.fields.title.entry).toBeUndefined();
});

it('refuses a view naming a field that is missing, hidden or not filterable, and a create-only field nobody may write', () => {
  expect(() => defineResource({ name: 'notes', menu: 'content', fields, show: { summary: ['ghost' as never] } }))
    .toThrow('notes.ghost: is named by `show.summary` but is not a field');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields, compact: { primary: 'secret' } }))
    .toThrow('notes.secret: is named by `compact` but hidden');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields, filters: ['currency'] }))
    .toThrow('notes.currency: is named by `filters` but declares no filter');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: { ...fields, code: f.text({ readOnly: true, entry: 'create' }) } }))
    .toThrow("notes.code: is asked only on create (`entry: 'create'`) but nobody may write it");
});
