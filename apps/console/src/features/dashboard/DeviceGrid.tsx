import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Device } from '@sos/contract';
import { useMemo, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { CARD_CLASS, CardStyles } from './cardStyles.js';
import { DeleteTooltip } from './DeleteTooltip.js';
import { DeviceCard } from './DeviceCard.js';
import { selectOrder } from '../../entities/devices/devicesSlice.js';
import { MeasureBodyContext, useCardHeights } from './cardHeights.js';
import {
  cardHeight,
  GAP_PX,
  gridGeometry,
  gridHeight,
  PLAIN_CARD_PX,
  rowTop,
  selectLeadingAlerts,
} from './gridLayout.js';
import {
  ITEM_ID_ATTRIBUTE,
  useHeld,
  useMovedGuard,
  useResortHold,
  type Placed,
} from './resortGuard.js';
import { useRootFontSize } from './rootFontSize.js';
import { useLiveContacts } from './useLiveContacts.js';
import { useVisibleRows } from './useVisibleRows.js';
import { useShownOrder } from './useShownOrder.js';
import { useScrollAnchor } from './scrollAnchor.js';

/** Rows kept mounted above and below the window (about three plain rows). */
const OVERSCAN_PX = 3 * (PLAIN_CARD_PX + GAP_PX);

/** The order and its leading alert count as one value, new only when either changes. */
function useStableArrangement(order: readonly number[], alerts: number) {
  return useMemo(() => ({ order, alerts }), [order, alerts]);
}

/** docs/console.md: 1 column on small screens, 2 from md, 3 from xl. */
function useColumns(): number {
  const theme = useTheme();
  const md = useMediaQuery(theme.breakpoints.up('md'));
  const xl = useMediaQuery(theme.breakpoints.up('xl'));
  return xl ? 3 : md ? 2 : 1;
}

/**
 * The device cards, virtualized: only the rows near the window exist in the DOM, so 10,000
 * devices scroll and update as smoothly as ten. Cards are placed one by one (no row
 * elements), keyed by device id: when an SOS moves a device to the top, the other cards
 * only move, they are not unmounted from one row and mounted again in the next.
 */
export interface DeviceGridProps {
  onDelete?: (device: Device) => void;
  /** Opens an alert's detail. */
  onOpen?: (deviceId: number) => void;
}

export function DeviceGrid({ onDelete, onOpen }: DeviceGridProps) {
  const intl = useIntl();
  const listRef = useRef<HTMLDivElement>(null);
  // After a press on the grid the order shown waits (at most HOLD_MS) before re-sorting.
  const held = useResortHold(listRef);
  const liveAlerts = useAppSelector(selectLeadingAlerts);
  // The alarm settings' dashboardOrder: NEWEST is the live order itself, URGENT re-sorts the open SOS.
  const liveOrder = useShownOrder(useAppSelector(selectOrder), liveAlerts);
  const { order, alerts } = useHeld(useStableArrangement(liveOrder, liveAlerts), held);
  const columns = useColumns();
  const rootPx = useRootFontSize();
  // Cards taller than their least (long names wrap: docs/shift.md) make their rows taller.
  const { taller, measure } = useCardHeights(order, alerts, rootPx, columns);
  const geometry = useMemo(
    () => gridGeometry({ count: order.length, columns, alerts, rootPx }, taller),
    [order.length, columns, alerts, rootPx, taller],
  );
  useScrollAnchor(listRef, geometry, order);
  const { first, last } = useVisibleRows(listRef, geometry, OVERSCAN_PX);

  const items: ReactNode[] = [];
  const placed: Placed[] = [];
  for (let row = first; row <= last; row++) {
    const top = rowTop(geometry, row);
    const height = cardHeight(geometry, row);
    for (let column = 0; column < columns; column++) {
      const index = row * columns + column;
      const id = order[index];
      if (id === undefined) break;
      placed.push({ id, place: `${top}:${column}:${columns}` });
      items.push(
        <div
          key={id}
          role="listitem"
          {...{ [ITEM_ID_ATTRIBUTE]: id }}
          aria-setsize={order.length}
          aria-posinset={index + 1}
          className={CARD_CLASS.item}
          style={{
            // The columns of a CSS grid with 16 px gaps: equal widths, inline-start first.
            width: `calc((100% - ${(columns - 1) * GAP_PX}px) / ${columns})`,
            insetInlineStart: `calc((100% + ${GAP_PX}px) * ${column} / ${columns})`,
            height,
            transform: `translateY(${top}px)`,
          }}
        >
          <DeviceCard id={id} onDelete={onDelete} onOpen={onOpen} />
        </div>,
      );
    }
  }

  useMovedGuard(listRef, placed, order);
  useLiveContacts(placed.map((p) => p.id));

  return (
    <MeasureBodyContext value={measure}>
      <CardStyles />
      <div
        ref={listRef}
        role="list"
        aria-label={intl.formatMessage({ id: 'dashboard.devices' })}
        // The browser's own scroll anchoring stays out: useScrollAnchor keeps the rows still.
        style={{ position: 'relative', height: gridHeight(geometry), overflowAnchor: 'none' }}
      >
        {items}
      </div>
      {/* The icon buttons share one tooltip. */}
      <DeleteTooltip container={listRef} />
    </MeasureBodyContext>
  );
}
