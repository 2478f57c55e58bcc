/**
 * The OpenAPI 3.1 document, generated from the schemas (generic routes with
 * their parameters and bodies) and the rule book (hand-written routes).
 */
import { z } from 'zod';
import type { Field, Resource } from '../../schema/define';
import { restRules } from '../../schema/rest';
import { ACTION_METHOD, type Action } from '../../schema/rules';
import type { QueryParam, RuleConfig } from '../types';
import { outputColumns } from '../db/rows';
import { isWritable } from '../../schema/define';
import { REST_TAG, restOperation } from './openapi-rest';

type Json = Record<string, unknown>;

function fieldSchema(f: Field): Json {
  try {
    const { $schema: _, ...schema } = z.toJSONSchema(f.input, { unrepresentable: 'any', io: 'input' }) as Json;
    return schema;
  } catch {
    return {};
  }
}

function outputSchema(f: Field): Json {
  const t = f.column.type;
  if (t === 'json') return {};
  const type = t === 'decimal' ? 'number' : ['increments', 'integer', 'bigint'].includes(t) ? 'integer' : 'string';
  return { type: f.column.nullable ? [type, 'null'] : type };
}

const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});

/** Every route's refusals: the envelope, `data.errors` listing the fields of a 400. */
const refusal = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: envelope({ anyOf: [{ type: 'null' }, { type: 'object', properties: { errors: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string', description: 'the message\'s i18n key' }, text: { type: 'string', description: 'the message in words, in the caller\'s language' } } } } } }] }) } },
});
const ERRORS: Json = { 400: refusal('Bad input: msg names the first bad field, data.errors lists all'), 401: refusal('No or bad token'), 403: refusal('Not allowed'), 404: refusal('No such route or row') };
const withErrors = (op: Json): Json => ({ ...op, responses: { ...ERRORS, ...(op.responses as Json) } });

/** OpenAPI writes a path parameter as {name}, Fastify as :name. */
const templated = (route: string) => route.replace(/:(\w+)/g, '{$1}');
const pathNames = (route: string) => [...route.matchAll(/:(\w+)/g)].map(([, name]) => name!);

/** A hand-written route: its path's names and its declared query (a declared name of the path describes it), and its answer (the envelope unless it declares another type). */
function handWritten(rule: RuleConfig & { method: string; route: string }): Json {
  const inPath = pathNames(rule.route);
  const declared = new Map((rule.query ?? []).map((q) => [q.name, q]));
  const param = (q: QueryParam, where: 'path' | 'query') => ({
    name: q.name, in: where, ...((q.required || where === 'path') && { required: true }), ...(q.description && { description: q.description }),
    schema: { type: 'string', ...(q.example !== undefined && { examples: [q.example] }) },
  });
  const parameters = [
    ...inPath.map((name) => param(declared.get(name) ?? { name }, 'path')),
    ...(rule.query ?? []).filter((q) => !inPath.includes(q.name)).map((q) => param(q, 'query')),
  ];
  const ok = rule.produces
    ? { description: rule.produces, content: { [rule.produces]: {} } }
    : { description: 'Envelope {code, msg, data}', content: { 'application/json': { schema: envelope({}) } } };
  return withErrors({
    tags: [rule.group], operationId: `${rule.group}.${rule.name}`, summary: `${rule.group} ${rule.name}`, 'x-rule-type': rule.type,
    ...(parameters.length && { parameters }), responses: { 200: ok },
  });
}

function listParameters(r: Resource): Json[] {
  const params: Json[] = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, default: 10 } },
    { name: 'order', in: 'query', description: `Comma-separated "column asc|desc"; sortable: ${Object.keys(r.fields).filter((k) => r.fields[k]!.sortable).join(', ')}`, schema: { type: 'string', default: r.order } },
    { name: 'q', in: 'query', description: 'Search across the searchable fields', schema: { type: 'string' } },
  ];
  if (r.softDelete) params.push({ name: 'onlyTrashed', in: 'query', schema: { type: 'boolean' } });
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.hidden) continue;
    for (const op of f.filter) {
      params.push({
        name: op === 'eq' ? name : `${name}_${op}`,
        in: 'query',
        description: op === 'eq' ? 'Equals; a comma list means any of' : op === 'like' ? 'Contains' : op === 'gte' ? 'At least' : 'At most',
        schema: { type: 'string' },
      });
      if (op === 'eq') params.push({ name: `${name}_ne`, in: 'query', description: 'Differs; a comma list means none of', schema: { type: 'string' } });
    }
  }
  return params;
}

function operation(r: Resource, action: Action | string, row: Json, body: Json): Json {
  const ids = { type: 'object', required: ['ids'], properties: { ids: { type: 'string', example: '1,2,3' } } };
  const base: Json = { tags: [r.name], operationId: `${r.name}.${action}`, summary: `${r.name} ${action}` };
  switch (action) {
    case 'take': {
      const spec = r.publicTake;
      const public_ = spec?.only ? ` for ${spec.only.join(', ')}` : '';
      const by = spec ? [
        { name: spec.by, in: 'query', schema: { type: 'string' }, description: `Public view without sign-in${public_}` },
        ...(spec.alias ? [{ name: spec.alias, in: 'query', schema: { type: 'string' }, description: `The same as ${spec.by} (not both)` }] : []),
      ] : [];
      // Without a public field, `id` is the one way to name the row; with one, either is.
      const id = { name: 'id', in: 'query', schema: { type: 'integer' }, ...(spec ? { description: `Required unless ${[spec.by, spec.alias].filter(Boolean).join(' or ')} is given` } : { required: true }) };
      return { ...base, parameters: [id, ...by], responses: { 200: { description: 'The row, or code 204', content: { 'application/json': { schema: envelope({ anyOf: [row, { type: 'null' }] }) } } } } };
    }
    case 'rows':
      return { ...base, parameters: listParameters(r), responses: { 200: { description: 'A page', content: { 'application/json': { schema: envelope({ type: 'object', properties: { total: { type: 'integer' }, page: { type: 'integer' }, limit: { type: 'integer' }, rows: { type: 'array', items: row } } }) } } } } };
    case 'find': case 'rand':
      return { ...base, parameters: [...listParameters(r), { name: 'ids', in: 'query', schema: { type: 'string' } }], responses: { 200: { description: 'Rows', content: { 'application/json': { schema: envelope({ type: 'array', items: row }) } } } } };
    case 'export':
      return {
        ...base,
        parameters: [
          ...listParameters(r),
          { name: 'format', in: 'query', schema: { enum: ['csv', 'xlsx'], default: 'csv' } },
          { name: 'tz', in: 'query', description: 'IANA time zone of the dates', schema: { type: 'string', default: 'UTC' } },
        ],
        responses: { 200: { description: 'CSV (UTF-8 with BOM) or XLSX', content: { 'text/csv': {}, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {} } } },
      };
    case 'create':
      return { ...base, requestBody: { required: true, content: { 'application/json': { schema: body } } }, responses: { 201: { description: 'Created', content: { 'application/json': { schema: envelope(row) } } } } };
    case 'update': case 'save':
      return { ...base, requestBody: { required: true, content: { 'application/json': { schema: { ...body, required: action === 'update' ? ['id'] : [], properties: { id: { type: 'integer' }, ...(body.properties as Json) } } } } }, responses: { 200: { description: 'Saved', content: { 'application/json': { schema: envelope(row) } } } } };
    case 'sort':
      return { ...base, requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['id', 'mode'], properties: { id: { type: 'integer' }, mode: { enum: ['up', 'down'] } } } } } }, responses: { 200: { description: 'Moved' } } };
    case 'remove': case 'restore': case 'delete':
      return { ...base, requestBody: { content: { 'application/json': { schema: ids } } }, responses: { 200: { description: 'Done for all ids, or for none' } } };
    default:
      return { ...base, responses: { 200: { description: 'OK', content: { 'application/json': { schema: envelope({}) } } } } };
  }
}

export function openApiDocument(resources: readonly Resource[], rules: ReadonlyArray<RuleConfig & { method: string; route: string }>): Json {
  const paths: Record<string, Json> = {};
  const add = (route: string, method: string, op: Json) => {
    paths[`/${route}`] = { ...(paths[`/${route}`] ?? {}), [method.toLowerCase()]: op };
  };
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const rule of rules) {
    const r = byName.get(rule.group);
    const generic = r && (rule.name in ACTION_METHOD || rule.name in r.extras);
    const rest = r && restRules(r).find((x) => x.name === rule.name);
    if (r && (generic || rest)) {
      const row = { type: 'object', properties: Object.fromEntries(outputColumns(r).map((k) => [k, outputSchema(r.fields[k]!)])) };
      const entries = Object.entries(r.fields).filter(([, f]) => isWritable(f));
      const body = {
        type: 'object', additionalProperties: false,
        required: entries.filter(([, f]) => f.required).map(([k]) => k),
        properties: Object.fromEntries(entries.map(([k, f]) => [k, fieldSchema(f)])),
      };
      if (rest) add(templated(rule.route), rule.method, { ...restOperation(r, rest.name, row, body), 'x-rule-type': rule.type });
      else add(rule.route, rule.method, withErrors({ ...operation(r, rule.name, row, body), 'x-rule-type': rule.type }));
    } else {
      add(templated(rule.route), rule.method, handWritten(rule));
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Paydesk API', version: '1', description: `Every answer is {code, msg, data}; HTTP status equals code except 204, sent as HTTP 200. The ${REST_TAG} routes (/api/rest/<table>) answer plain rows instead, for ra-data-simple-rest and alike.` },
    tags: [{ name: REST_TAG, description: 'Every table in the dialect of ra-data-simple-rest: sort, range and filter on lists, the total in Content-Range, errors as {message, errors}' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
}
