/** The manual channel: the creator gives the pay link, and his gateway signs by Standard Webhooks one kind of message. */
import type { ProviderDeclaration } from './declare';

export const MANUAL = { section: 'standard', payLink: true } as const satisfies ProviderDeclaration;
