import type { Device } from '@sos/contract';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';

const ProfileFormDialog = lazy(async () => ({
  default: (await import('./ProfileFormDialog.js')).ProfileFormDialog,
}));

/** MUI's ContactPhone icon, drawn inline like the card's delete icon. */
const PROFILE_ICON_PATH =
  'M22 3H2C.9 3 0 3.9 0 5v14c0 1.1.9 2 2 2h20c1.1 0 1.99-.9 1.99-2L24 5c0-1.1-.9-2-2-2M8 6c1.66 0 3 1.34 3 3s-1.34 3-3 3-3-1.34-3-3 1.34-3 3-3m6 12H2v-1c0-2 4-3.1 6-3.1s6 1.1 6 3.1zm3.85-4h1.64L21 16l-1.99 1.99c-1.31-.98-2.28-2.38-2.73-3.99-.18-.64-.28-1.31-.28-2s.1-1.36.28-2c.45-1.62 1.42-3.01 2.73-3.99L21 8l-1.51 2h-1.64c-.22.63-.35 1.3-.35 2s.13 1.37.35 2';

export interface ProfileButtonProps {
  device: Device;
  /** The card's icon-button classes (cardStyles), so it looks like the delete button. */
  className: string;
  iconClassName: string;
  /** Marks it for the grid's shared tooltip. */
  tipAttribute: string;
}

/**
 * "Scheda assistito" on a device card (SUPER_ADMIN): opens the profile form. A bare icon
 * button (thousands of cards mount while scrolling); the form's code loads on first use.
 */
export function ProfileButton({
  device,
  className,
  iconClassName,
  tipAttribute,
}: ProfileButtonProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        style={{ color: 'inherit' }}
        aria-label={intl.formatMessage({ id: 'health.profile' })}
        {...{ [tipAttribute]: '' }}
        onClick={() => setOpen(true)}
      >
        <svg className={iconClassName} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d={PROFILE_ICON_PATH} />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfileFormDialog
            deviceId={device.id}
            deviceName={device.displayName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
