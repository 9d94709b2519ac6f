// The header: the product's name, the active account's credit balance (with a low-balance warning), and the
// account switcher.
import { AccountSwitcher } from '../features/accounts/AccountSwitcher';
import { CreditBalance } from '../features/accounts/CreditBalance';

export function AppHeader(): React.JSX.Element {
  return (
    <header className="app-header">
      <a className="skip-link" href="#workspace">
        Skip to content
      </a>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Job Rendering Studio</span>
      </div>
      <div className="header-end">
        <CreditBalance />
        <AccountSwitcher />
      </div>
    </header>
  );
}
