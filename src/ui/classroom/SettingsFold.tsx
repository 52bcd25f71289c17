import { useState, type ReactNode } from 'react';

/**
 * Below 900 px the configuration folds behind a "Settings" button (CSS decides when the button
 * shows); wider, the panel is always open beside the content.
 */
export function SettingsFold({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`settings-fold${open ? ' open' : ''}`} data-control="config">
      <button type="button" className="settings-toggle" aria-expanded={open} aria-controls="config-panel" onClick={() => setOpen(!open)}>
        {open ? 'Hide settings' : 'Settings'}
      </button>
      {children}
    </div>
  );
}
