import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Device } from '@sos/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { DeviceCard } from './DeviceCard.js';
import { selectOrder } from './devicesSlice.js';

const ROW_ESTIMATE_PX = 140;
const GAP_PX = 16;

/** Spec §2: 1 column on small screens, 2 from md, 3 from xl. */
function useColumns(): number {
  const theme = useTheme();
  const md = useMediaQuery(theme.breakpoints.up('md'));
  const xl = useMediaQuery(theme.breakpoints.up('xl'));
  return xl ? 3 : md ? 2 : 1;
}

/** Where the grid starts in the page, for the window-scrolling virtualizer. */
function useDocumentTop(ref: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setTop(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => observer?.disconnect();
  }, [ref]);
  return top;
}

/**
 * The device cards, virtualized by rows of 1 to 3 cards: only the rows near the viewport
 * exist in the DOM, so 10,000 devices scroll and update as smoothly as ten.
 */
export function DeviceGrid({ onDelete }: { onDelete?: (device: Device) => void }) {
  const intl = useIntl();
  const order = useAppSelector(selectOrder);
  const columns = useColumns();
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(order.length / columns),
    estimateSize: () => ROW_ESTIMATE_PX + GAP_PX,
    overscan: 3,
    scrollMargin,
  });

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={intl.formatMessage({ id: 'dashboard.devices' })}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const first = row.index * columns;
        return (
          <Box
            key={row.key}
            role="none"
            data-index={row.index}
            ref={virtualizer.measureElement}
            sx={{
              position: 'absolute',
              top: 0,
              insetInlineStart: 0,
              width: '100%',
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: `${GAP_PX}px`,
              pb: `${GAP_PX}px`,
            }}
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {order.slice(first, first + columns).map((id, offset) => (
              <div
                key={id}
                role="listitem"
                aria-setsize={order.length}
                aria-posinset={first + offset + 1}
              >
                <DeviceCard id={id} onDelete={onDelete} />
              </div>
            ))}
          </Box>
        );
      })}
    </div>
  );
}
