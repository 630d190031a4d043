import type { Device } from '@sos/contract';
import { use } from 'react';
import { useIntl } from 'react-intl';
import { LtrText } from '../../components/LtrText.js';
import { CARD_BODY_ATTRIBUTE, MeasureBodyContext } from './cardHeights.js';
import { CARD_CLASS } from './cardStyles.js';
import { TIP_ATTRIBUTE } from './DeleteTooltip.js';
import { HealthLine } from '../devices/HealthLine.js';
import { ProfileButton } from '../devices/ProfileButton.js';

export interface PlainCardProps {
  device: Device;
  /** Given for SUPER_ADMIN only (docs/console.md). */
  onDelete?: (device: Device) => void;
}

/** MUI's Delete icon, drawn inline: an SvgIcon component per card costs a styled render. */
const DELETE_ICON_PATH = 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z';

/**
 * A device without an open SOS. Bare elements styled by the classes of cardStyles (the
 * look of MUI's outlined Card, h6 and body2 Typography, error IconButton): thousands of
 * these mount while scrolling, and each MUI component would style itself at render. The
 * delete button's tooltip is the grid's single shared one (DeleteTooltip).
 */
export function PlainCard({ device, onDelete }: PlainCardProps) {
  const intl = useIntl();
  const measure = use(MeasureBodyContext);
  return (
    <div className={CARD_CLASS.card}>
      <div className={CARD_CLASS.body} ref={measure} {...{ [CARD_BODY_ATTRIBUTE]: 'plain' }}>
        <div className={CARD_CLASS.text}>
          {/* The whole name, wrapped over as many lines as it takes (docs/shift.md), in its own
              direction (the <bdi>) on the card's starting side (the heading's). */}
          <h2 className={CARD_CLASS.name}>
            <bdi>{device.displayName}</bdi>
          </h2>
          <p className={CARD_CLASS.serial}>
            <LtrText>{device.serial}</LtrText>
            <HealthLine device={device} />
          </p>
        </div>
        {onDelete && (
          <ProfileButton
            device={device}
            className={CARD_CLASS.delete}
            iconClassName={CARD_CLASS.icon}
            tipAttribute={TIP_ATTRIBUTE}
          />
        )}
        {onDelete && (
          <button
            type="button"
            className={CARD_CLASS.delete}
            aria-label={intl.formatMessage(
              { id: 'dashboard.deleteDeviceOf' },
              { name: device.displayName },
            )}
            {...{ [TIP_ATTRIBUTE]: '' }}
            onClick={() => onDelete(device)}
          >
            <svg
              className={CARD_CLASS.icon}
              focusable="false"
              aria-hidden="true"
              viewBox="0 0 24 24"
            >
              <path d={DELETE_ICON_PATH} />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}
