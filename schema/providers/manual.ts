/** The manual channel: the creator gives the pay link, and his gateway signs by Standard Webhooks one kind of message. */
import type { z } from 'zod';
import { secret, section, webhookSecrets } from '../settings-fields';
import type { ProviderDeclaration } from './declare';

// The Standard Webhooks secrets its gateway signs with (several: one can be rotated without a gap).
const SETTINGS = section({ secrets: secret(webhookSecrets()) });
const DEFAULTS: z.infer<typeof SETTINGS> = { secrets: '' };

export const MANUAL = {
  section: 'standard',
  payLink: true,
  settings: SETTINGS,
  defaults: DEFAULTS,
  labels: {
    'zh-cn': {
      channel: '手动（自带支付链接）', notify: '支付通知（Standard Webhooks）', section: 'Standard Webhooks 渠道',
      fields: { secrets: '验证密钥（多个用空格分隔，便于轮换）' },
    },
    'en-us': {
      channel: 'Manual (own pay link)', notify: 'Payment notification (Standard Webhooks)', section: 'Standard Webhooks channel',
      fields: { secrets: 'Verification secrets (several separated by spaces, for rotation)' },
    },
    'ru-ru': {
      channel: 'Вручную (своя ссылка)', notify: 'Платёжное уведомление (Standard Webhooks)', section: 'Канал Standard Webhooks',
      fields: { secrets: 'Секреты проверки (несколько через пробел, для ротации)' },
    },
    'ja-jp': {
      channel: '手動（独自の支払いリンク）', notify: '支払い通知（Standard Webhooks）', section: 'Standard Webhooks チャネル',
      fields: { secrets: '検証シークレット（ローテーション用に空白区切りで複数可）' },
    },
    'ko-kr': {
      channel: '수동(자체 결제 링크)', notify: '결제 알림 (Standard Webhooks)', section: 'Standard Webhooks 채널',
      fields: { secrets: '검증 비밀 키 (교체를 위해 공백으로 여러 개 구분)' },
    },
  },
} as const satisfies ProviderDeclaration;
