import { defineCatalogue } from '../../i18n/define.js';

/** The "Ricevitori" block of Settings (docs/receivers.md). Protocol names are not translated. */
export const receiversMessages = defineCatalogue(
  {
    'receivers.title': 'Ricevitori',
    'receivers.DC09': 'SIA DC-09',
    'receivers.SCAIP': 'SCAIP',
    'receivers.listening': 'In ascolto sulla porta {port}',
    'receivers.off': 'Spento',
  },
  {
    en: {
      'receivers.title': 'Receivers',
      'receivers.DC09': 'SIA DC-09',
      'receivers.SCAIP': 'SCAIP',
      'receivers.listening': 'Listening on port {port}',
      'receivers.off': 'Off',
    },
    es: {
      'receivers.title': 'Receptores',
      'receivers.DC09': 'SIA DC-09',
      'receivers.SCAIP': 'SCAIP',
      'receivers.listening': 'Escuchando en el puerto {port}',
      'receivers.off': 'Apagado',
    },
    fr: {
      'receivers.title': 'Récepteurs',
      'receivers.DC09': 'SIA DC-09',
      'receivers.SCAIP': 'SCAIP',
      'receivers.listening': 'À l’écoute sur le port {port}',
      'receivers.off': 'Arrêté',
    },
    de: {
      'receivers.title': 'Empfänger',
      'receivers.DC09': 'SIA DC-09',
      'receivers.SCAIP': 'SCAIP',
      'receivers.listening': 'Empfangsbereit auf Port {port}',
      'receivers.off': 'Aus',
    },
    ar: {
      'receivers.title': 'أجهزة الاستقبال',
      'receivers.DC09': 'SIA DC-09',
      'receivers.SCAIP': 'SCAIP',
      'receivers.listening': 'يستمع على المنفذ {port}',
      'receivers.off': 'متوقف',
    },
  },
);
