/** Merchant callbacks: beside the generated outbox list, a way to prove a merchant's endpoint before a payment needs it. */
import type { ScreenSlots } from './index';
import { TestCallbackButton } from './callbacks/TestCallback';

const slots: ScreenSlots = { ToolbarActions: TestCallbackButton };
export default slots;
