/**
 * API documentation generated from the schemas: OpenAPI 3.1 at
 * `/api/docs/json` and a readable page at `/api/docs` (the auth-rules screen
 * opens it). The page is rendered here, without any script or CDN, so it works
 * on a closed network.
 */
import type { FastifyInstance } from 'fastify';
import type { Resource } from '../../schema/define';
import type { RuleBook } from '../auth/rules';
import { openApiDocument } from '../engine/openapi';

const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function page(doc: ReturnType<typeof openApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []).map((p: any) => `<code>${esc(p.name)}</code>`).join(' ');
      const body = op.requestBody?.content?.['application/json']?.schema?.properties;
      const fields = body ? Object.keys(body).map((k) => `<code>${esc(k)}</code>`).join(' ') : '';
      const row = `<tr><td class="m ${esc(method)}">${esc(method.toUpperCase())}</td><td><code>${esc(path)}</code></td><td>${esc(op['x-rule-type'] ?? '')}</td><td>${params}${fields ? `<div>body: ${fields}</div>` : ''}</td></tr>`;
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag].map(([tag, rows]) => `<h2 id="${esc(tag)}">${esc(tag)}</h2><table><thead><tr><th>method</th><th>path</th><th>rule</th><th>parameters</th></tr></thead><tbody>${rows.join('')}</tbody></table>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Paydesk API</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem;color:#222}table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}td,th{border-bottom:1px solid #eee;padding:.35rem;text-align:left;vertical-align:top}code{background:#f5f5f5;padding:0 .25rem;border-radius:3px}.m{font-weight:600}.get{color:#1b7f3b}.post{color:#a35b00}.put{color:#1d4ed8}.delete{color:#b91c1c}nav a{margin-right:.6rem}</style></head>
<body><h1>Paydesk API</h1><p>${esc((doc.info as any).description)} Machine-readable: <a href="/api/docs/json">/api/docs/json</a> (OpenAPI 3.1).</p>
<nav>${[...byTag.keys()].map((t) => `<a href="#${esc(t)}">${esc(t)}</a>`).join('')}</nav>${sections}</body></html>`;
}

export async function docsRoutes(app: FastifyInstance, o: { resources: readonly Resource[]; rules: RuleBook }) {
  let doc: ReturnType<typeof openApiDocument> | undefined;
  const current = () => (doc ??= openApiDocument(o.resources, o.rules.all));
  const config = (name: string, produces: string) => ({ rule: { name, group: 'docs', type: 'common' as const, produces } });
  // The bare document (no envelope), for tools.
  app.get('/api/docs/json', { config: config('docs_json', 'application/vnd.oai.openapi+json') }, async () => current());
  app.get('/api/docs', { config: config('docs', 'text/html') }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page(current())));
}
