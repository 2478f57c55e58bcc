/** defineResource refuses a contradictory schema at once, with an error naming the resource and the field. */
import { expect, it } from 'vitest';
import { defineResource, f } from '../../schema/define';

const base = { id: f.id(), title: f.text(), secret: f.password() };

it('refuses `locked` without a lock field, or naming a field that does not exist', () => {
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, locked: ['title'] }))
    .toThrow('notes.locked: lists fields to freeze while the row is locked, but the resource has no f.lock() field');
  // A flag merely named `lock` is not a lock: the kind decides, not the name.
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: { ...base, lock: f.flag() }, locked: ['title'] }))
    .toThrow('notes.locked: lists fields to freeze while the row is locked, but the resource has no f.lock() field');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: { ...base, frozen: f.lock() }, locked: ['nope' as never] }))
    .toThrow('notes.nope: is listed in `locked` but is not a field');
});

it('refuses a public view of a missing or hidden field', () => {
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, publicTake: { by: 'title', fields: ['ghost' as never] } }))
    .toThrow('notes.ghost: is named by `publicTake` but is not a field');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, publicTake: { by: 'title', fields: ['secret'] } }))
    .toThrow('notes.publicTake: would show a hidden field without sign-in');
});

it('refuses two columns of one system kind', () => {
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: { ...base, uid: f.owner(), ownerId: f.owner() } }))
    .toThrow('notes.ownerId: is a second owner column beside `uid`');
});

it('refuses a title that is not a field, or that nobody may see', () => {
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, title: 'ghost' as never }))
    .toThrow('notes.ghost: is named by `title` but is not a field');
  expect(() => defineResource({ name: 'notes', menu: 'content', fields: base, title: 'secret' }))
    .toThrow('notes.secret: is the `title` but hidden');
});

it('knows system columns by kind, whatever their names', () => {
  const notes = defineResource({
    name: 'notes', menu: 'content',
    fields: { ...base, ownerId: f.owner(), place: f.serial(), binnedAt: f.deleteTime(), frozen: f.lock() },
    locked: ['title'],
  });
  expect(notes.columns).toEqual({ id: 'id', owner: 'ownerId', serial: 'place', deleteTime: 'binnedAt', lock: 'frozen' });
  expect([notes.owner, notes.softDelete, notes.serial, 'sort' in notes.actions, 'restore' in notes.actions]).toEqual([true, true, true, true, true]);
});
