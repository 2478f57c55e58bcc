/**
 * The README's runnable blocks: fences whose info string is `sh runnable` or
 * `ts runnable`, in the order they appear, each with the line its fence opens
 * on (what a failure names). Other fences (config files, fragments, commands
 * for a production host) are the reader's, never run.
 */
export interface Block {
  lang: 'sh' | 'ts';
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** A ts block whose first line is `// <path>` (a file to create, such as `schema/resources/faq.ts`). */
  path?: string;
}

const OPEN = /^```(sh|ts)\s+runnable\s*$/;

export function runnableBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!.trimEnd());
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    if (i >= lines.length) throw new Error(`README.md:${start + 1}: the runnable block is never closed`);
    const code = body.join('\n') + '\n';
    const path = open[1] === 'ts' ? /^\/\/ ([\w./-]+\.tsx?)\s*$/.exec(body[0] ?? '')?.[1] : undefined;
    blocks.push({ lang: open[1] as Block['lang'], line: start + 1, code, ...(path && { path }) });
  }
  return blocks;
}
