import GlobalStyles from '@mui/material/GlobalStyles';
import { keyframes, useTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { CARD_REM } from './gridLayout.js';

/*
 * The plain cards' styles, written once per theme as global classes. Each plain card is
 * then a few bare elements: no MUI component, no per-render `sx` to serialize and hash.
 * The values are MUI's own (outlined Card, CardContent, Typography h6/body2, error
 * IconButton) so the cards look exactly as they did; names are logical (inline-start)
 * or symmetric, so right-to-left needs no mirroring.
 */

export const CARD_CLASS = {
  item: 'sos-grid-item',
  card: 'sos-plain-card',
  body: 'sos-plain-card-body',
  text: 'sos-plain-card-text',
  name: 'sos-plain-card-name',
  serial: 'sos-plain-card-serial',
  delete: 'sos-plain-card-delete',
  icon: 'sos-plain-card-icon',
} as const;

/** MUI's focus ripple of an icon button, drawn without the ripple machinery. */
const pulsate = keyframes`
  0% { transform: scale(1); }
  50% { transform: scale(0.92); }
  100% { transform: scale(1); }
`;

/**
 * A name that wraps at any text size and width, never cut or ellipsised (docs/shift.md): at
 * least two lines high (gridLayout's CARD_REM.name), taller when it needs more; the grid
 * measures such a card and grows its row (cardHeights.ts).
 */
export const wrappingName = {
  lineHeight: 1.3,
  minHeight: `${CARD_REM.name}rem`,
  // Between words: only a word wider than the whole line is split, hyphenated where the
  // browser knows the language, never clipped.
  overflowWrap: 'break-word',
  wordBreak: 'normal',
  hyphens: 'auto',
  // The heading keeps the page's direction, so its lines start on the card's starting side
  // (right in Arabic); the name inside is isolated in its own direction (a <bdi>: a Latin
  // name in an Arabic console reads left to right). Not dir="auto" on the heading: that
  // turned its 'start' to the left, and Chromium ignores 'match-parent'.
  textAlign: 'start',
} as const;

/**
 * A card whose content box is at most this wide (a phone, or a desktop at a large text size)
 * gives its name the whole width, below its icons: beside them, a word as long as "Ciondolo"
 * no longer fits at 200 % and would be split. In rem, like the text: at 100 % every card, a
 * 320 px phone's included (16 rem inside), keeps its name beside the icons; at 200 % a phone's
 * card (about 9 rem inside) and a desktop's up to 1920 px (12 to 14 rem) stack. The card is
 * the query's container (its `containerType`).
 */
export const NARROW_CARD = '@container (max-width: 15rem)';

/** A body2 line, at least as high as gridLayout counts it; it wraps rather than cut a word. */
export const bodyLine = {
  minHeight: `${CARD_REM.line}rem`,
  overflowWrap: 'break-word',
} as const;

function cardStyles(theme: Theme) {
  const { palette, typography, shape, transitions } = theme;
  return {
    [`.${CARD_CLASS.item}`]: {
      position: 'absolute',
      top: 0,
      // Its size is given: nothing inside can move the rows around it.
      contain: 'size layout',
    },
    // A card that just moved (resortGuard): its buttons look as disabled as the guard makes them.
    [`.${CARD_CLASS.item}[data-guarded] button`]: { opacity: 0.45, cursor: 'not-allowed' },
    [`.${CARD_CLASS.card}`]: {
      height: '100%',
      boxSizing: 'border-box',
      // In rem, like the text: at a 200 % text size the card grows with it (gridLayout's chrome).
      padding: '1rem 1rem 1.5rem',
      overflow: 'hidden',
      backgroundColor: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: shape.borderRadius,
      // Its body's layout asks how wide it is (NARROW_CARD).
      containerType: 'inline-size',
    },
    // The body's natural height is what the grid measures (cardHeights.ts).
    [`.${CARD_CLASS.body}`]: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '0.5rem',
      // Narrow: the buttons on a first line at the end, the name and serial below, whole width.
      [NARROW_CARD]: { flexWrap: 'wrap' },
    },
    [`.${CARD_CLASS.text}`]: {
      flex: 1,
      minWidth: 0,
      [NARROW_CARD]: { order: 1, flexBasis: '100%' },
    },
    [`.${CARD_CLASS.text} + .${CARD_CLASS.delete}`]: {
      [NARROW_CARD]: { marginInlineStart: 'auto' },
    },
    [`.${CARD_CLASS.name}`]: { margin: 0, ...typography.h6, ...wrappingName },
    // The card's own text colour: MUI 9's Typography ignored the old `color="text.secondary"`.
    [`.${CARD_CLASS.serial}`]: { margin: 0, ...typography.body2, ...bodyLine },
    [`.${CARD_CLASS.delete}`]: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flex: '0 0 auto',
      boxSizing: 'border-box',
      margin: 0,
      padding: '0.5rem',
      border: 0,
      borderRadius: '50%',
      outline: 0,
      backgroundColor: 'transparent',
      color: palette.error.main,
      fontSize: typography.pxToRem(24),
      textAlign: 'center',
      verticalAlign: 'middle',
      cursor: 'pointer',
      userSelect: 'none',
      WebkitTapHighlightColor: 'transparent',
      transition: transitions.create('background-color', {
        duration: transitions.duration.shortest,
      }),
      '&:hover': {
        backgroundColor: theme.alpha(palette.error.main, palette.action.hoverOpacity),
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
      '&:focus-visible::after': {
        content: '""',
        position: 'absolute',
        inset: 0,
        borderRadius: '50%',
        backgroundColor: 'currentColor',
        opacity: 0.3,
        animation: `${pulsate} 2500ms ${transitions.easing.easeInOut} 200ms infinite`,
      },
    },
    [`.${CARD_CLASS.icon}`]: {
      display: 'inline-block',
      width: '1em',
      height: '1em',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: typography.pxToRem(24),
      userSelect: 'none',
    },
  } as const;
}

/** Puts the card classes in the page; re-rendered (and re-serialized) only when the theme changes. */
export function CardStyles() {
  const theme = useTheme();
  return useMemo(() => <GlobalStyles styles={cardStyles(theme)} />, [theme]);
}
