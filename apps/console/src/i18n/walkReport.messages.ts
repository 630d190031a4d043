import { defineCatalogue } from './define.js';

/**
 * Texts of the second walk that only signed-in screens show (docs/alarm-handling.md):
 * the statistics' closedWithoutAck and kinds, the exports for a spreadsheet, the audit log.
 */
export const walkReportMessages = defineCatalogue(
  {
    'stats.closedWithoutAck': 'Chiusi senza presa in carico',
    'stats.closedWithoutAckDetail': 'nessuno li aveva presi in carico',
    'stats.kindsChart': 'Tipi di allarme',
    'report.csv': 'CSV',
    'report.csvExcel': 'CSV per Excel',
  },
  {
    en: {
      'stats.closedWithoutAck': 'Closed without being taken in charge',
      'stats.closedWithoutAckDetail': 'nobody had taken charge of them',
      'stats.kindsChart': 'Alarm kinds',
      'report.csv': 'CSV',
      'report.csvExcel': 'CSV for Excel',
    },
    es: {
      'stats.closedWithoutAck': 'Cerrados sin hacerse cargo',
      'stats.closedWithoutAckDetail': 'nadie se había hecho cargo',
      'stats.kindsChart': 'Tipos de alarma',
      'report.csv': 'CSV',
      'report.csvExcel': 'CSV para Excel',
    },
    fr: {
      'stats.closedWithoutAck': 'Clôturés sans prise en charge',
      'stats.closedWithoutAckDetail': 'personne ne les avait pris en charge',
      'stats.kindsChart': "Types d'alarme",
      'report.csv': 'CSV',
      'report.csvExcel': 'CSV pour Excel',
    },
    de: {
      'stats.closedWithoutAck': 'Ohne Übernahme geschlossen',
      'stats.closedWithoutAckDetail': 'niemand hatte sie übernommen',
      'stats.kindsChart': 'Alarmarten',
      'report.csv': 'CSV',
      'report.csvExcel': 'CSV für Excel',
    },
    ar: {
      'stats.closedWithoutAck': 'أُغلقت دون تكفّل',
      'stats.closedWithoutAckDetail': 'لم يتكفّل بها أحد',
      'stats.kindsChart': 'أنواع الإنذار',
      'report.csv': 'CSV',
      'report.csvExcel': 'CSV لـ Excel',
    },
  },
);
