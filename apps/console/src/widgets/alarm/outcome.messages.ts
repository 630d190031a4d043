import { defineCatalogue } from '../../i18n/define.js';

/**
 * The names of the SOS outcomes (docs/alarm-handling.md), one source for the detail's close form, the
 * history's 'Esito' column and the Statistiche page.
 */
export const outcomeMessages = defineCatalogue(
  {
    'outcome.ASSISTANCE_SENT': 'Intervento inviato',
    'outcome.EMERGENCY_SERVICES': 'Soccorsi allertati (112)',
    'outcome.RESOLVED_BY_PHONE': 'Risolto al telefono',
    'outcome.FALSE_ALARM': 'Falso allarme',
    'outcome.TEST': 'Test',
    'outcome.NO_RESPONSE': 'Nessuna risposta',
    'outcome.OTHER': 'Altro',
  },
  {
    en: {
      'outcome.ASSISTANCE_SENT': 'Assistance sent',
      'outcome.EMERGENCY_SERVICES': 'Emergency services alerted (112)',
      'outcome.RESOLVED_BY_PHONE': 'Resolved by phone',
      'outcome.FALSE_ALARM': 'False alarm',
      'outcome.TEST': 'Test',
      'outcome.NO_RESPONSE': 'No response',
      'outcome.OTHER': 'Other',
    },
    es: {
      'outcome.ASSISTANCE_SENT': 'Asistencia enviada',
      'outcome.EMERGENCY_SERVICES': 'Servicios de emergencia avisados (112)',
      'outcome.RESOLVED_BY_PHONE': 'Resuelto por teléfono',
      'outcome.FALSE_ALARM': 'Falsa alarma',
      'outcome.TEST': 'Prueba',
      'outcome.NO_RESPONSE': 'Sin respuesta',
      'outcome.OTHER': 'Otro',
    },
    fr: {
      'outcome.ASSISTANCE_SENT': 'Intervention envoyée',
      'outcome.EMERGENCY_SERVICES': 'Secours alertés (112)',
      'outcome.RESOLVED_BY_PHONE': 'Résolu par téléphone',
      'outcome.FALSE_ALARM': 'Fausse alerte',
      'outcome.TEST': 'Test',
      'outcome.NO_RESPONSE': 'Pas de réponse',
      'outcome.OTHER': 'Autre',
    },
    de: {
      'outcome.ASSISTANCE_SENT': 'Hilfe entsandt',
      'outcome.EMERGENCY_SERVICES': 'Rettungsdienst alarmiert (112)',
      'outcome.RESOLVED_BY_PHONE': 'Telefonisch gelöst',
      'outcome.FALSE_ALARM': 'Fehlalarm',
      'outcome.TEST': 'Test',
      'outcome.NO_RESPONSE': 'Keine Antwort',
      'outcome.OTHER': 'Sonstiges',
    },
    ar: {
      'outcome.ASSISTANCE_SENT': 'تم إرسال المساعدة',
      'outcome.EMERGENCY_SERVICES': 'تم إبلاغ خدمات الطوارئ (112)',
      'outcome.RESOLVED_BY_PHONE': 'حُلّ عبر الهاتف',
      'outcome.FALSE_ALARM': 'إنذار كاذب',
      'outcome.TEST': 'اختبار',
      'outcome.NO_RESPONSE': 'لا يوجد رد',
      'outcome.OTHER': 'أخرى',
    },
  },
);
