/** defineResource refuses a contradictory schema at once, with an error naming the resource and the field. */
import { expect, it } from 'vitest';
import { defineResource, f } from '../../schema/define';

const base = { id: f.id(), title: f.text(), secret: f.password() };

it('refuses `locked` without a lock field, or naming a field that does not exist', () => {
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, locked: ['title'] }))
    .toThrow('notes.locked: lists fields to freeze while `lock` is 1, but the resource has no `lock` field');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: { ...base, lock: f.flag() }, locked: ['nope' as never] }))
    .toThrow('notes.nope: is listed in `locked` but is not a field');
});

it('refuses a public view of a missing or hidden field', () => {
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, publicTake: { by: 'title', fields: ['ghost' as never] } }))
    .toThrow('notes.ghost: is named by `publicTake` but is not a field');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, publicTake: { by: 'title', fields: ['secret'] } }))
    .toThrow('notes.publicTake: would show a hidden field without sign-in');
});
