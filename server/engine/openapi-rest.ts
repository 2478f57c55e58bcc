/**
 * The OpenAPI operations of the simple-rest dialect (engine/rest.ts): plain
 * rows in, plain rows out, the list's total in Content-Range and errors as
 * `{message, errors}`, under one tag of their own.
 */
import type { FilterOp, Resource } from '../../schema/define';
import type { RestName } from '../../schema/rest';

type Json = Record<string, unknown>;

export const REST_TAG = 'simple-rest';

const error: Json = {
  description: 'Refused: the message in the caller\'s language, and the field errors by field',
  content: {
    'application/json': {
      schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } } },
    },
  },
};

const json = (schema: Json) => ({ 'application/json': { schema } });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

function listParameters(r: Resource): Json[] {
  const sortable = Object.keys(r.fields).filter((k) => r.fields[k]!.sortable && !r.fields[k]!.hidden);
  const filters = Object.entries(r.fields).flatMap(([name, f]) => (f.hidden ? [] : filterNames(name, f.filter)));
  const refine = 'Refine\'s simple-rest (json-server\'s conventions); not with sort, range or filter';
  return [
    { name: 'sort', in: 'query', description: `react-admin: ["field", "ASC"|"DESC"]; sortable: ${sortable.join(', ')}`, schema: { type: 'string', example: '["id","DESC"]' } },
    { name: 'range', in: 'query', description: 'react-admin: [start, end], both included; start is a multiple of the page size', schema: { type: 'string', example: '[0,24]' } },
    {
      name: 'filter', in: 'query',
      description: `react-admin: a JSON object; a list means any of its values, "q" searches. Keys: q, ${filters.join(', ')}`,
      schema: { type: 'string', example: '{"id":[1,2,3]}' },
    },
    { name: '_start', in: 'query', description: `${refine}: the first row, from 0`, schema: { type: 'integer', minimum: 0 } },
    { name: '_end', in: 'query', description: `${refine}: the row after the last; any window up to the paging limit`, schema: { type: 'integer', minimum: 1 } },
    { name: '_sort', in: 'query', description: `${refine}: comma list of fields; sortable: ${sortable.join(', ')}`, schema: { type: 'string', example: 'status,id' } },
    { name: '_order', in: 'query', description: `${refine}: asc or desc for each field of _sort`, schema: { type: 'string', example: 'asc,desc' } },
    { name: 'q', in: 'query', description: `${refine}: searches the searchable fields`, schema: { type: 'string' } },
    ...filters.map((name) => ({
      name, in: 'query',
      description: `${refine}: ${/_(like|gte|lte)$/.test(name) ? 'one value' : 'repeated, any of its values (none of them after _ne)'}`,
      schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true,
    })),
  ];
}

/** A field's filter parameters; `_ne` goes wherever equality does. */
const filterNames = (name: string, ops: readonly FilterOp[]): string[] =>
  ops.flatMap((op) => (op === 'eq' ? [name, `${name}_ne`] : [`${name}_${op}`]));

/** The operation of one dialect route of `r`, given the row and create-body schemas the generic routes use. */
export function restOperation(r: Resource, name: RestName, row: Json, body: Json): Json {
  const base: Json = { tags: [REST_TAG], operationId: `${r.name}.${name}`, summary: `${r.name} ${name}`, responses: { 400: error, 401: error, 403: error, 404: error } };
  const with200 = (ok: Json) => ({ ...base, responses: { ...(base.responses as Json), ...ok } });
  switch (name) {
    case 'rest-list':
      return {
        ...with200({
          200: {
            description: 'The rows of the range',
            headers: {
              'Content-Range': { description: `${r.name} <start>-<end>/<total>`, schema: { type: 'string' } },
              'X-Total-Count': { description: 'The total of the filtered rows', schema: { type: 'string' } },
            },
            content: json({ type: 'array', items: row }),
          },
        }),
        parameters: listParameters(r),
      };
    case 'rest-one':
      return { ...with200({ 200: { description: 'The row', content: json(row) } }), parameters: [idParam] };
    case 'rest-create':
      return { ...with200({ 201: { description: 'The created row', content: json(row) } }), requestBody: { required: true, content: json(body) } };
    case 'rest-update': case 'rest-patch':
      return {
        ...with200({ 200: { description: 'The saved row', content: json(row) } }),
        parameters: [idParam],
        requestBody: { required: true, content: json({ ...body, required: [], additionalProperties: true, description: 'Fields to change; unchanged read-only fields of the row may be sent back as they are' }) },
      };
    case 'rest-delete':
      return {
        ...with200({ 200: { description: r.softDelete ? 'The row, now in the recycle bin' : 'The row as it was, now deleted', content: json(row) } }),
        parameters: [idParam],
      };
  }
}
