/**
 * What the public pages (pay pages, account pages) show of SITE_INFO in their
 * footer (issue 11 item 20): the copyright line, and the ICP and public
 * security filing numbers with their links, which a mainland-China site must
 * show. One reading for both sides, which draw it in their own way.
 */
import type { ConfigValue } from './config-rows';

type SiteInfo = ConfigValue<'SITE_INFO'>;

export interface FooterLink {
  text: string;
  href: string;
}

export interface SiteFooter {
  /** `© 2021–2026 Paydesk` (from SITE_INFO.date, the site's start) */
  copyright: string;
  /** The ICP filing (`copy`), linked to its lookup. */
  icp?: FooterLink;
  /** The public security filing (`police`). */
  police?: FooterLink;
}

/** Where a filing number is looked up when the operator gave no link. */
const LOOKUP = { icp: 'https://beian.miit.gov.cn/', police: 'https://beian.mps.gov.cn/' } as const;

const safeLink = (link: string, fallback: string) => (/^https?:\/\//i.test(link) ? link : fallback);

export function siteFooter(info: Partial<SiteInfo> | null | undefined, now = new Date()): SiteFooter | null {
  if (!info?.title) return null;
  const thisYear = now.getFullYear();
  const since = info.date ? new Date(info.date * 1000).getFullYear() : thisYear;
  const years = since < thisYear ? `${since}–${thisYear}` : String(thisYear);
  const filing = (entry: { code: string; link: string } | undefined, fallback: string) =>
    entry?.code ? { text: entry.code, href: safeLink(entry.link, fallback) } : undefined;
  return {
    copyright: `© ${years} ${info.title}`,
    icp: filing(info.copy, LOOKUP.icp),
    police: filing(info.police, LOOKUP.police),
  };
}

/**
 * Puts SITE_INFO into the document head: the favicon, and `keyword` (`|`
 * separated) and `description` (else `describe`) as the keywords and
 * description meta tags. Run by both sides once SITE_INFO has arrived.
 */
export function applySiteHead(doc: Document, info: Partial<SiteInfo> | null | undefined) {
  if (!info) return;
  const meta = (name: string, content: string) => {
    let tag = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
    if (!content) return tag?.remove();
    tag ??= doc.head.appendChild(Object.assign(doc.createElement('meta'), { name }));
    tag.content = content;
  };
  const keywords = (info.keyword ?? '').split('|').map((k) => k.trim()).filter(Boolean).join(', ');
  meta('keywords', keywords);
  meta('description', (info.description || info.describe || '').trim());
  if (info.favicon) {
    let icon = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    icon ??= doc.head.appendChild(Object.assign(doc.createElement('link'), { rel: 'icon' }));
    icon.href = info.favicon;
  }
}
