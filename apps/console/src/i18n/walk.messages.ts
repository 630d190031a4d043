import { defineCatalogue } from './define.js';

/**
 * Texts of the second walk (docs/shift.md, docs/alarm-handling.md "Close policy") that the
 * snackbar or the always-loaded screens may show: the alarm settings, the close form.
 */
export const walkMessages = defineCatalogue(
  {
    'walk.requireOutcome': 'Esito obbligatorio alla chiusura',
    'walk.requireOutcomeHelp': '"Chiudi SOS" chiede sempre l\'esito',
    'walk.dashboardOrder': 'Ordine della dashboard',
    'walk.orderNEWEST': 'Più recenti prima',
    'walk.orderURGENT': 'Più urgenti prima',
    'walk.orderNEWESTHelp': 'Gli SOS aperti dal più recente',
    'walk.orderURGENTHelp': 'Prima i non presi in carico, poi per gravità, poi i più vecchi',
    'walk.outcomeRequired': "Indica l'esito per chiudere",
    'walk.closeTitle': 'Chiudi SOS: {name}',
  },
  {
    en: {
      'walk.requireOutcome': 'Outcome required to close',
      'walk.requireOutcomeHelp': '"Close SOS" always asks for the outcome',
      'walk.dashboardOrder': 'Dashboard order',
      'walk.orderNEWEST': 'Newest first',
      'walk.orderURGENT': 'Most urgent first',
      'walk.orderNEWESTHelp': 'Open SOS from the newest',
      'walk.orderURGENTHelp': 'Not taken in charge first, then by severity, then oldest first',
      'walk.outcomeRequired': 'Give the outcome to close',
      'walk.closeTitle': 'Close SOS: {name}',
    },
    es: {
      'walk.requireOutcome': 'Resultado obligatorio al cerrar',
      'walk.requireOutcomeHelp': '"Cerrar SOS" pide siempre el resultado',
      'walk.dashboardOrder': 'Orden del panel',
      'walk.orderNEWEST': 'Más recientes primero',
      'walk.orderURGENT': 'Más urgentes primero',
      'walk.orderNEWESTHelp': 'SOS abiertos desde el más reciente',
      'walk.orderURGENTHelp':
        'Primero sin hacerse cargo, luego por gravedad, luego los más antiguos',
      'walk.outcomeRequired': 'Indica el resultado para cerrar',
      'walk.closeTitle': 'Cerrar SOS: {name}',
    },
    fr: {
      'walk.requireOutcome': 'Issue obligatoire à la clôture',
      'walk.requireOutcomeHelp': "« Clôturer le SOS » demande toujours l'issue",
      'walk.dashboardOrder': 'Ordre du tableau de bord',
      'walk.orderNEWEST': "Plus récents d'abord",
      'walk.orderURGENT': "Plus urgents d'abord",
      'walk.orderNEWESTHelp': 'SOS ouverts du plus récent au plus ancien',
      'walk.orderURGENTHelp':
        "D'abord les non pris en charge, puis par gravité, puis les plus anciens",
      'walk.outcomeRequired': "Indiquez l'issue pour clôturer",
      'walk.closeTitle': 'Clôturer le SOS : {name}',
    },
    de: {
      'walk.requireOutcome': 'Ergebnis beim Schließen erforderlich',
      'walk.requireOutcomeHelp': '„SOS schließen" fragt immer nach dem Ergebnis',
      'walk.dashboardOrder': 'Reihenfolge im Dashboard',
      'walk.orderNEWEST': 'Neueste zuerst',
      'walk.orderURGENT': 'Dringendste zuerst',
      'walk.orderNEWESTHelp': 'Offene SOS ab dem neuesten',
      'walk.orderURGENTHelp': 'Zuerst nicht übernommene, dann nach Schwere, dann älteste zuerst',
      'walk.outcomeRequired': 'Geben Sie zum Schließen das Ergebnis an',
      'walk.closeTitle': 'SOS schließen: {name}',
    },
    ar: {
      'walk.requireOutcome': 'النتيجة إلزامية عند الإغلاق',
      'walk.requireOutcomeHelp': '"إغلاق نداء الاستغاثة" يطلب النتيجة دائمًا',
      'walk.dashboardOrder': 'ترتيب لوحة التحكم',
      'walk.orderNEWEST': 'الأحدث أولًا',
      'walk.orderURGENT': 'الأكثر إلحاحًا أولًا',
      'walk.orderNEWESTHelp': 'نداءات الاستغاثة المفتوحة من الأحدث',
      'walk.orderURGENTHelp': 'غير المتكفَّل بها أولًا، ثم حسب الخطورة، ثم الأقدم',
      'walk.outcomeRequired': 'حدّد النتيجة للإغلاق',
      'walk.closeTitle': 'إغلاق نداء الاستغاثة: {name}',
    },
  },
);
