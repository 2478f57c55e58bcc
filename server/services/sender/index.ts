/**
 * Verification-code senders: email for
 * addresses, one SMS provider for phone numbers. Each takes its settings
 * section of `config/sms.toml` as parsed, and fails with a 503 whose
 * message says only that sending failed.
 */
import { createAliyunSender, type AliyunSmsOptions } from './aliyun';
import { createEmailSender, type EmailOptions } from './email';
import { createSmsBaoSender, type SmsBaoOptions } from './smsbao';
import { createTencentSender, type TencentSmsOptions } from './tencent';

export interface CodeSender {
  send(to: string, code: string): Promise<void>;
}

export interface SenderSections {
  email: EmailOptions;
  aliyun: AliyunSmsOptions;
  tencent: TencentSmsOptions;
  smsbao: SmsBaoOptions;
}
export type SenderDrive = keyof SenderSections;

const DRIVERS: { [D in SenderDrive]: (options: SenderSections[D]) => CodeSender } = {
  email: createEmailSender,
  aliyun: createAliyunSender,
  tencent: createTencentSender,
  smsbao: createSmsBaoSender,
};

export function createSender<D extends SenderDrive>(drive: D, sections: Pick<SenderSections, D>): CodeSender {
  const driver = DRIVERS[drive];
  const options = sections[drive];
  if (!driver) throw new Error(`unknown sender: ${String(drive)}`);
  if (!options) throw new Error(`settings section [${drive}] is missing`);
  return driver(options);
}

export type { AliyunSmsOptions, EmailOptions, SmsBaoOptions, TencentSmsOptions };
