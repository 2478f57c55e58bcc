import { createRoot } from 'react-dom/client';

export function mount(el: HTMLElement): () => void {
  const root = createRoot(el);
  root.render(<p>Paydesk</p>);
  return () => root.unmount();
}
