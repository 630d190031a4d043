import type { AuditTargetType } from './audit.js';
import type { ExportLanguage } from './export-query.js';
import type { HISTORY_CSV_COLUMNS } from './reporting.js';
import type { AUDIT_CSV_COLUMNS } from './audit.js';

/*
 * The words of the exports for a spreadsheet (`?format=excel`, docs/alarm-handling.md
 * "Exports"): column names and codes in the reader's language, as the console says them
 * (its catalogues: history, kinds, outcomes, audit actions). The plain CSV keeps the codes.
 */

type Locale = ExportLanguage;

/** The history CSV's column names. */
export const HISTORY_CSV_LABELS: Record<
  Locale,
  Record<(typeof HISTORY_CSV_COLUMNS)[number], string>
> = {
  it: {
    id: 'ID',
    device: 'Dispositivo',
    kind: 'Tipo',
    raised: 'Data di apertura',
    acknowledged: 'Preso in carico',
    acknowledgedBy: 'Preso in carico da',
    escalated: 'In ritardo',
    closed: 'Data di chiusura',
    closedBy: 'Chiuso da',
    outcome: 'Esito',
    note: 'Nota di chiusura',
    calls: 'Chiamate',
  },
  en: {
    id: 'ID',
    device: 'Device',
    kind: 'Type',
    raised: 'Opened on',
    acknowledged: 'Taken charge',
    acknowledgedBy: 'Taken charge by',
    escalated: 'Overdue',
    closed: 'Closed on',
    closedBy: 'Closed by',
    outcome: 'Outcome',
    note: 'Closing note',
    calls: 'Calls',
  },
  es: {
    id: 'ID',
    device: 'Dispositivo',
    kind: 'Tipo',
    raised: 'Fecha de apertura',
    acknowledged: 'Atendido',
    acknowledgedBy: 'Atendido por',
    escalated: 'Con retraso',
    closed: 'Fecha de cierre',
    closedBy: 'Cerrado por',
    outcome: 'Resultado',
    note: 'Nota de cierre',
    calls: 'Llamadas',
  },
  fr: {
    id: 'ID',
    device: 'Appareil',
    kind: 'Type',
    raised: "Date d'ouverture",
    acknowledged: 'Pris en charge',
    acknowledgedBy: 'Pris en charge par',
    escalated: 'En retard',
    closed: 'Date de clôture',
    closedBy: 'Clôturé par',
    outcome: 'Issue',
    note: 'Note de clôture',
    calls: 'Appels',
  },
  de: {
    id: 'ID',
    device: 'Gerät',
    kind: 'Art',
    raised: 'Geöffnet am',
    acknowledged: 'Übernommen',
    acknowledgedBy: 'Übernommen von',
    escalated: 'Überfällig',
    closed: 'Geschlossen am',
    closedBy: 'Geschlossen von',
    outcome: 'Ergebnis',
    note: 'Abschlussnotiz',
    calls: 'Anrufe',
  },
  ar: {
    id: 'المعرّف',
    device: 'الجهاز',
    kind: 'النوع',
    raised: 'تاريخ الفتح',
    acknowledged: 'تم تولي المسؤولية',
    acknowledgedBy: 'تولاه',
    escalated: 'متأخر',
    closed: 'تاريخ الإغلاق',
    closedBy: 'أغلقه',
    outcome: 'النتيجة',
    note: 'ملاحظة الإغلاق',
    calls: 'المكالمات',
  },
};

/** The audit CSV's column names. */
export const AUDIT_CSV_LABELS: Record<
  Locale,
  Record<(typeof AUDIT_CSV_COLUMNS)[number], string>
> = {
  it: {
    id: 'ID',
    at: 'Data e ora',
    actor: 'Utente',
    address: 'Indirizzo',
    action: 'Azione',
    targetType: 'Tipo di oggetto',
    targetId: 'ID oggetto',
    targetLabel: 'Oggetto',
    details: 'Dettagli',
  },
  en: {
    id: 'ID',
    at: 'Date and time',
    actor: 'User',
    address: 'Address',
    action: 'Action',
    targetType: 'Subject type',
    targetId: 'Subject ID',
    targetLabel: 'Subject',
    details: 'Details',
  },
  es: {
    id: 'ID',
    at: 'Fecha y hora',
    actor: 'Usuario',
    address: 'Dirección',
    action: 'Acción',
    targetType: 'Tipo de objeto',
    targetId: 'ID del objeto',
    targetLabel: 'Objeto',
    details: 'Detalles',
  },
  fr: {
    id: 'ID',
    at: 'Date et heure',
    actor: 'Utilisateur',
    address: 'Adresse',
    action: 'Action',
    targetType: "Type d'objet",
    targetId: "ID de l'objet",
    targetLabel: 'Objet',
    details: 'Détails',
  },
  de: {
    id: 'ID',
    at: 'Datum und Uhrzeit',
    actor: 'Benutzer',
    address: 'Adresse',
    action: 'Aktion',
    targetType: 'Objekttyp',
    targetId: 'Objekt-ID',
    targetLabel: 'Objekt',
    details: 'Details',
  },
  ar: {
    id: 'المعرّف',
    at: 'التاريخ والوقت',
    actor: 'المستخدم',
    address: 'العنوان',
    action: 'الإجراء',
    targetType: 'نوع الموضوع',
    targetId: 'معرّف الموضوع',
    targetLabel: 'الموضوع',
    details: 'التفاصيل',
  },
};

/** Audit targets' types. */
export const AUDIT_TARGET_LABELS: Record<Locale, Record<AuditTargetType, string>> = {
  it: {
    USER: 'Utente',
    DEVICE: 'Dispositivo',
    SOS: 'SOS',
    CONF: 'Impostazione',
  },
  en: {
    USER: 'User',
    DEVICE: 'Device',
    SOS: 'SOS',
    CONF: 'Setting',
  },
  es: {
    USER: 'Usuario',
    DEVICE: 'Dispositivo',
    SOS: 'SOS',
    CONF: 'Ajuste',
  },
  fr: {
    USER: 'Utilisateur',
    DEVICE: 'Appareil',
    SOS: 'SOS',
    CONF: 'Paramètre',
  },
  de: {
    USER: 'Benutzer',
    DEVICE: 'Gerät',
    SOS: 'SOS',
    CONF: 'Einstellung',
  },
  ar: {
    USER: 'المستخدم',
    DEVICE: 'الجهاز',
    SOS: 'نداء الاستغاثة',
    CONF: 'الإعداد',
  },
};
