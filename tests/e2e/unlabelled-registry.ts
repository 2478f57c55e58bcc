/**
 * The registry as the console of a variant build sees it (harness.ts
 * `buildFrontEndWith`): every table, plus the FAQ a developer has just added
 * without labels. Only the build reads this file; the server gets the same
 * list as `resources`.
 */
export * from '../../schema/index';
import { resources as registry } from '../../schema/index';
import type { Resource } from '../../schema/define';
import { unlabelledFaq } from '../support/unlabelled-table';

export const resources = { ...registry, faq: unlabelledFaq };
export const resourceList: Resource[] = Object.values(resources) as unknown as Resource[];
