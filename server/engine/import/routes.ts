/**
 * `POST /api/<table>/import`: multipart, a `plan` field (JSON, importPlan)
 * and then the `file` (CSV or XLSX). The caller must also hold the table's
 * create rule (and update's when the plan matches rows): checked from the
 * plan, before a byte of the file is read. The file is read as it arrives.
 * A JSON body `{cancel: runId}` asks the caller's run of that name to stop
 * after its current batch. With `Accept: application/x-ndjson` the answer
 * is a line of counts per batch, then the envelope; otherwise the envelope.
 */
import { PassThrough, type Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '../../../schema/define';
import { AppError, badRequest, ok } from '../../http';
import { t } from '../../i18n';
import { refuse, zodIssues, invalid } from '../params';
import type { EngineRouteOptions } from '../routes';
import { tableRows } from './read';
import { importPlan, runImport, type ImportCounts, type ImportPlan, type ImportResult } from './run';

export interface ImportLimits { maxBytes: number; maxRows: number }

const MB = 1024 * 1024;
const CANCEL_SECONDS = 3600;
const cancelKey = (uid: number, runId: string) => `import-cancel:${uid}:${runId}`;

function parsePlan(text: string): ImportPlan {
  let raw: unknown;
  try { raw = JSON.parse(text); } catch { refuse('plan', 'errors.bad_json'); }
  const parsed = importPlan.safeParse(raw);
  if (!parsed.success) invalid(zodIssues(parsed.error, 'plan'));
  return parsed.data;
}

export const importRoutes: FastifyPluginAsync<{ resources: Iterable<Resource>; options: EngineRouteOptions; limits: () => ImportLimits }> = async (app, { resources, options: o, limits }) => {
  await app.register(multipart, { limits: { files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3 } });
  const kv = () => app.cache.kv();

  async function handle(r: Resource, request: FastifyRequest, reply: FastifyReply) {
    const uid = request.caller.user?.id ?? 0;
    if (!request.isMultipart()) {
      // Not a file: the one other thing this route takes is a cancel of a run.
      const runId = (request.body as { cancel?: unknown } | null)?.cancel;
      if (typeof runId !== 'string' || !runId || runId.length > 64) refuse('cancel', 'errors.import_cancel');
      await kv().set(cancelKey(uid, runId), 1, CANCEL_SECONDS);
      return ok({ cancel: runId }, 'messages.import_cancelling');
    }
    const { maxBytes, maxRows } = limits();
    const tooLarge = () => new AppError(413, 'errors.too_large', { max: `${Math.round(maxBytes / MB)} MB` });
    // A body declared larger than the file may be (with room for the plan and the form's framing) is refused unread.
    if (Number(request.headers['content-length'] ?? 0) > maxBytes + 80 * 1024) throw tooLarge();
    let plan: ImportPlan | undefined;
    const streamed = /application\/x-ndjson/.test(String(request.headers.accept ?? ''));
    // A caller who went away (closed the page, aborted the upload) cancels his run at the next batch too.
    let gone = false;
    reply.raw.on('close', () => { if (!reply.raw.writableFinished) gone = true; });
    const run = async (progress?: (p: ImportCounts) => void): Promise<ImportResult> => {
      try {
        for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
          if (part.type === 'field' && part.fieldname === 'plan' && !plan) {
            plan = parsePlan(String(part.value));
            // Refused before any of the file is read: an import creates rows, and updates them when it matches.
            await o.authorize(request, { method: 'POST', route: `api/${r.name}/create` });
            if (plan.upsert) await o.authorize(request, { method: 'PUT', route: `api/${r.name}/update` });
            continue;
          }
          if (part.type !== 'file' || part.fieldname !== 'file' || !plan) throw badRequest('errors.import_parts');
          const file: Readable = part.file;
          const runId = plan.runId;
          try {
            const result = await runImport(tableRows(file, plan.sheet), plan, {
              e: o.engine, r, lang: request.lang, maxRows,
              ctx: { caller: request.caller, audit: async () => {} },
              audit: (trx) => o.writeContext(request).audit(trx, {}),
              progress,
              cancelled: async () => gone || Boolean(runId && (await kv().get(cancelKey(uid, runId)))),
            });
            // Past the limit the file just ends: a cut file is never taken for a whole one.
            if ((part.file as { truncated?: boolean }).truncated) throw tooLarge();
            return result;
          } finally {
            file.resume();
            if (runId) await kv().del(cancelKey(uid, runId));
          }
        }
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause ?? error;
        if (cause instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        if (error instanceof app.multipartErrors.FilesLimitError || error instanceof app.multipartErrors.PartsLimitError) throw badRequest('errors.import_parts');
        throw error;
      }
      throw badRequest(plan ? 'errors.upload_missing' : 'errors.import_parts', { field: 'file' });
    };
    const message = (result: ImportResult) => (result.cancelled ? 'messages.import_cancelled' : result.stopped ? 'errors.import_stopped' : 'messages.ok');
    const envelope = (result: ImportResult) => {
      if (result.stopped) return { code: 409, msg: t(request.lang, 'errors.import_stopped', { row: result.stopped.row, reason: result.stopped.reason }), data: result };
      return { code: 200, msg: t(request.lang, message(result)), data: result };
    };
    if (!streamed) {
      const result = await run();
      const env = envelope(result);
      if (env.code !== 200) throw new AppError(409, 'errors.import_stopped', { row: result.stopped!.row, reason: result.stopped!.reason }, result);
      return ok(result, message(result));
    }
    // Lines as the batches go: the console's progress bar and time left.
    const out = new PassThrough();
    reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store');
    void run((p) => out.write(`${JSON.stringify({ progress: p })}\n`))
      .then((result) => envelope(result))
      .catch((error: Error) => app.errorEnvelope(error, request))
      .then((env) => { reply.outcome = { code: env.code, msg: env.msg }; out.end(`${JSON.stringify(env)}\n`); });
    return reply.send(out);
  }

  for (const r of resources) {
    const rule = r.rules.find((x) => x.name === 'import');
    if (!rule) continue;
    app.route({
      method: 'POST',
      url: `/${rule.route}`,
      config: { rule: { name: rule.name, group: rule.group, type: rule.type } },
      handler: (request, reply) => handle(r, request, reply),
    });
  }
};
