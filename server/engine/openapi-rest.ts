/**
 * The OpenAPI operations of the simple-rest dialect (engine/rest.ts): plain
 * rows in, plain rows out, the list's total in Content-Range and errors as
 * `{message, errors}`, under one tag of their own.
 */
import type { Resource } from '../../schema/define';
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
  const filters = Object.entries(r.fields).flatMap(([name, f]) => (f.hidden ? [] : f.filter.map((op) => (op === 'eq' ? name : `${name}_${op}`))));
  return [
    { name: 'sort', in: 'query', description: `["field", "ASC"|"DESC"]; sortable: ${sortable.join(', ')}`, schema: { type: 'string', example: '["id","DESC"]' } },
    { name: 'range', in: 'query', description: '[start, end], both included; start is a multiple of the page size', schema: { type: 'string', example: '[0,24]' } },
    {
      name: 'filter', in: 'query',
      description: `A JSON object; a list means any of its values, "q" searches. Keys: q, ${filters.join(', ')}`,
      schema: { type: 'string', example: '{"id":[1,2,3]}' },
    },
  ];
}

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
            headers: { 'Content-Range': { description: `${r.name} <start>-<end>/<total>`, schema: { type: 'string' } } },
            content: json({ type: 'array', items: row }),
          },
        }),
        parameters: listParameters(r),
      };
    case 'rest-one':
      return { ...with200({ 200: { description: 'The row', content: json(row) } }), parameters: [idParam] };
    case 'rest-create':
      return { ...with200({ 201: { description: 'The created row', content: json(row) } }), requestBody: { required: true, content: json(body) } };
    case 'rest-update':
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
