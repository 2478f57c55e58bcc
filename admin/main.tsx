/**
 * Entry of the admin console. The front door (pay/) imports this module lazily for
 * `#/admin/...` routes and calls `mount`; the returned function unmounts the console.
 */
import { createRoot } from 'react-dom/client';

export function mount(el: HTMLElement): () => void {
  const root = createRoot(el);
  root.render(<div>Paydesk admin</div>);
  return () => root.unmount();
}
