/**
 * The permission component and hook: an element shows only for a rule of
 * `auth-rules/mine` with the same method and route and `manage: true`.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GrantedProvider, Permitted, grantedKeys, usePermission } from '../../admin/permissions';
import { actionRule } from '../../admin/schema';

const mine = [
  { method: 'GET', route: 'api/users/find', manage: true },
  { method: 'delete', route: '/api/users/remove', manage: true },
  { method: 'GET', route: 'api/users/export', manage: false },
];

function Probe({ rules }: { rules: string[] }) {
  const can = usePermission();
  return <>{rules.map((rule) => (can(rule) ? 'Y' : 'N')).join('')}</>;
}

const render = (node: React.ReactNode) => renderToStaticMarkup(<GrantedProvider value={grantedKeys(mine)}>{node}</GrantedProvider>);

describe('permissions', () => {
  it('shows children only for a managed rule with the same method and route', () => {
    expect(render(<Permitted rule="[GET]api/users/find"><button>find</button></Permitted>)).toBe('<button>find</button>');
    expect(render(<Permitted rule={actionRule('users', 'remove')}><button>remove</button></Permitted>)).toBe('<button>remove</button>');
    expect(render(<Permitted rule="[GET]api/users/export"><button>export</button></Permitted>)).toBe('');
    expect(render(<Permitted rule="[POST]api/users/find"><button>x</button></Permitted>)).toBe('');
  });

  it('the hook answers the same question for any rule key', () => {
    expect(render(<Probe rules={['[GET]api/users/find', '[GET]api/tags/find', actionRule('users', 'export'), actionRule('users', 'remove')]} />)).toBe('YNNY');
  });

  it('grants nothing before the rules are known', () => {
    expect(renderToStaticMarkup(<Permitted rule="[GET]api/users/find">x</Permitted>)).toBe('');
  });
});
