import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { INTL_TAGS, type Locale } from '../../i18n/locales.js';
import { deviceWordsMessages } from './deviceWords.messages.js';
import { kindMessages } from './kind.messages.js';
import { deviceEventWords, sourcePartsText } from './deviceWords.js';

const intlOf = (locale: Locale) =>
  createIntl({
    locale: INTL_TAGS[locale],
    // Raw strings, as createIntl takes them (the app's are precompiled).
    messages: { ...deviceWordsMessages[locale], ...kindMessages[locale] } as Record<string, string>,
  });

const LRI = '\u2066';
const PDI = '\u2069';

describe('device words in the reader’s language', () => {
  const scaip = { peripheral: '0005', number: '1', room: 'Camera da letto' };

  it('words a SCAIP peripheral as the server’s Italian detail does, and in English', () => {
    expect(sourcePartsText(scaip, intlOf('it'))).toBe(
      'Rilevatore di caduta, n. 1, Camera da letto',
    );
    expect(sourcePartsText({ ...scaip, component: '2' }, intlOf('en'))).toBe(
      'Fall detector, no. 1, component 2, Camera da letto',
    );
    expect(sourcePartsText({ peripheral: '0099' }, intlOf('de'))).toBe('Gerät 0099');
  });

  it('in Arabic: Arabic words and comma, Arabic-Indic digits, zeros kept; the room as sent', () => {
    expect(sourcePartsText(scaip, intlOf('ar'))).toBe('كاشف السقوط، رقم ١، Camera da letto');
    expect(sourcePartsText({ zone: '004', group: '01' }, intlOf('ar'))).toBe(
      'المنطقة ٠٠٤، المجموعة ٠١',
    );
    expect(sourcePartsText({ zone: '3A' }, intlOf('ar'))).toBe('المنطقة 3A');
  });

  it('words a further alarm, a restore and a cancel, the code isolated as the device sent it', () => {
    expect(deviceEventWords({ kind: 'FIRE', code: '1110' }, intlOf('it'))).toBe(
      `Incendio (${LRI}1110${PDI})`,
    );
    expect(deviceEventWords({ code: '3110', restore: true }, intlOf('ar'))).toBe(
      `استعادة من الجهاز (${LRI}3110${PDI})`,
    );
    expect(deviceEventWords({ code: null, cancel: true }, intlOf('fr'))).toBe(
      'Annulé par l’appareil',
    );
    expect(deviceEventWords({ kind: 'FIRE', code: null }, intlOf('en'))).toBe('Fire');
  });
});
