import { red } from '@mui/material/colors';
import { keyframes, type Theme } from '@mui/material/styles';
import { CARD_REM } from './gridLayout.js';
import { bodyLine, NARROW_CARD, wrappingName } from './cardStyles.js';

// Fixed reds, the same in light and dark themes: white text keeps at least 4.5:1 on both.
const DEEP = red[900];
const BRIGHT = red[700];

/** docs/console.md: a 2-second blink cycle; docs/alarm-handling.md: 4 s once someone has taken charge. */
export const BLINK_MS = 2000;
export const HANDLED_BLINK_MS = 4000;
const blink = keyframes`
  0%, 100% { background-color: ${DEEP}; box-shadow: 0 0 0 0 ${red[600]}00; }
  50% { background-color: ${BRIGHT}; box-shadow: 0 0 0 6px ${red[600]}80; }
`;

/*
 * Every least height below is in rem, in the order gridLayout's ALERT_CARD_REM adds them
 * up: the card grows with the text size, and with a name or a label that needs more lines
 * (the grid measures the body: cardHeights.ts); its button never leaves it.
 */
export const cardSx = {
  height: '100%',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  padding: '1rem',
  overflow: 'hidden',
  // Its header's layout asks how wide it is (NARROW_CARD).
  containerType: 'inline-size',
  color: '#fff',
  bgcolor: DEEP,
  animation: `${blink} ${BLINK_MS}ms ease-in-out infinite`,
  // No blinking for users who asked for less motion: a steady, high-contrast alert instead.
  '@media (prefers-reduced-motion: reduce)': {
    animation: 'none',
    outline: '4px solid #fff',
    outlineOffset: '-8px',
  },
} as const;

/** Everything inside the padding, at its natural height. */
export const bodySx = { display: 'flex', flexDirection: 'column', flex: 'none' } as const;

export const headerSx = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.5rem',
  flex: 'none',
  minHeight: `${CARD_REM.name}rem`,
  marginBottom: '0.5rem',
  // Narrow: the bell and the detail button on a first line, the name below, whole width.
  [NARROW_CARD]: { flexWrap: 'wrap' },
} as const;

/** The header's name (or name and kind): below the icons, on its own line, on a narrow card. */
const wholeLineWhenNarrow = { [NARROW_CARD]: { order: 1, flexBasis: '100%' } } as const;

export const detailSx = {
  flex: 'none',
  marginInlineStart: 'auto',
  padding: '0.25rem',
  color: 'inherit',
  '&.Mui-focusVisible': { outline: '3px solid #fff' },
} as const;

const headingSx = { fontWeight: 700, minWidth: 0, ...wrappingName } as const;
export const nameSx = { ...headingSx, ...wholeLineWhenNarrow } as const;
/**
 * With a kind to show (any but PANIC), the name takes at least one of the two lines and the
 * kind's label at least the other; both wrap when they need more.
 */
export const namedKindSx = {
  minWidth: 0,
  minHeight: `${CARD_REM.name}rem`,
  display: 'flex',
  flexDirection: 'column',
  ...wholeLineWhenNarrow,
} as const;
export const oneLineNameSx = { ...headingSx, minHeight: `${CARD_REM.name / 2}rem` } as const;
export const kindSx = {
  fontWeight: 700,
  lineHeight: `${CARD_REM.name / 2}rem`,
  overflowWrap: 'break-word',
} as const;

/** "Nuovo allarme: Incendio": a line above the opening time's, as high, in bold. */
export const realertSx = { ...bodyLine, fontWeight: 700 } as const;

/** "In ritardo" as a white badge: it reads on the card's reds and is not colour alone. */
export const lateSx = {
  paddingInline: '0.375rem',
  borderRadius: '0.25rem',
  bgcolor: '#fff',
  color: DEEP,
  fontWeight: 700,
} as const;

export const iconSx = { fontSize: '1.5rem', flex: 'none', marginTop: '0.125rem' } as const;

export const closeSx = {
  flex: 'none',
  alignSelf: 'flex-start',
  marginTop: '0.75rem',
  minHeight: `${CARD_REM.button}rem`,
  // A label longer than the card is wide wraps inside the button (Arabic at 200 %).
  maxWidth: '100%',
  overflowWrap: 'break-word',
  padding: '0.375rem 1rem',
  bgcolor: '#fff',
  color: DEEP,
  fontWeight: 700,
  '&:hover': { bgcolor: red[50] },
  '&.Mui-disabled': { bgcolor: red[50], color: DEEP },
  '&.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: 2 },
} as const;

/** The alarm colour of an outlined card: on the dark theme's paper red[900] would not read. */
const ring = (theme: Theme) => (theme.palette.mode === 'dark' ? red[400] : DEEP);

/* Drawn as an inset shadow, not a border: the card's fixed rem heights keep their room. */
const outlineBlinkOf = (colour: string) => keyframes`
  0%, 100% { box-shadow: inset 0 0 0 3px ${colour}, 0 0 0 0 ${red[600]}00; }
  50% { box-shadow: inset 0 0 0 3px ${colour}, 0 0 0 6px ${red[600]}80; }
`;
const outlineBlink = { light: outlineBlinkOf(DEEP), dark: outlineBlinkOf(red[400]) };

/**
 * An SOS someone has taken charge of (docs/shift.md): outlined in the alarm colour, not
 * filled, so the filled ones nobody handles stand out. Its own slower blink stays.
 */
export const handledCardSx = (theme: Theme) =>
  ({
    ...cardSx,
    color: theme.palette.text.primary,
    bgcolor: theme.palette.background.paper,
    animation: `${outlineBlink[theme.palette.mode]} ${HANDLED_BLINK_MS}ms ease-in-out infinite`,
    '& .alert-card-icon': { color: ring(theme) },
    '@media (prefers-reduced-motion: reduce)': {
      animation: 'none',
      boxShadow: `inset 0 0 0 3px ${ring(theme)}`,
    },
  }) as const;

/** The handled card's close button: filled in the alarm colour, white text. */
export const handledCloseSx = (theme: Theme) =>
  ({
    ...closeSx,
    bgcolor: ring(theme),
    color: theme.palette.mode === 'dark' ? '#000' : '#fff',
    '&:hover': { bgcolor: theme.palette.mode === 'dark' ? red[300] : red[800] },
    '&.Mui-focusVisible': { outline: `3px solid ${ring(theme)}`, outlineOffset: 2 },
  }) as const;

export const handledDetailSx = (theme: Theme) =>
  ({ ...detailSx, '&.Mui-focusVisible': { outline: `3px solid ${ring(theme)}` } }) as const;

/** "In ritardo" on the outlined card: the badge takes the alarm colour. */
export const handledLateSx = (theme: Theme) =>
  ({
    ...lateSx,
    bgcolor: ring(theme),
    color: theme.palette.mode === 'dark' ? '#000' : '#fff',
  }) as const;
