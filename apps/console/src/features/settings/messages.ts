import { defineCatalogue } from '../../i18n/define.js';

/** API key settings texts (docs/console.md /settings, §8). */
export const settingsMessages = defineCatalogue(
  {
    'settings.title': 'Impostazioni',
    'settings.apiKey': 'Api key',
    'settings.apiKeyHelp': 'La chiave con cui i dispositivi si registrano e inviano gli SOS',
    change_apiKey_alert_message:
      'Cambiando la api key tutti i dispositivi registrati perderanno la configurazione, sei sicuro di voler procedere?',
    apiKey_changed_success: 'Api key cambiata con successo',
    'settings.weakKey': 'Chiave debole',
    'settings.weakKeyHint': 'Usa almeno {n, number} caratteri: una chiave corta si può indovinare.',
  },
  {
    en: {
      'settings.title': 'Settings',
      'settings.apiKey': 'Api key',
      'settings.apiKeyHelp': 'The key devices use to register and send SOS alerts',
      change_apiKey_alert_message:
        'Changing the api key makes every registered device lose its configuration. Are you sure you want to proceed?',
      apiKey_changed_success: 'Api key changed successfully',
      'settings.weakKey': 'Weak key',
      'settings.weakKeyHint': 'Use at least {n, number} characters: a short key can be guessed.',
    },
    es: {
      'settings.title': 'Ajustes',
      'settings.apiKey': 'Api key',
      'settings.apiKeyHelp': 'La clave con la que los dispositivos se registran y envían los SOS',
      change_apiKey_alert_message:
        'Al cambiar la api key, todos los dispositivos registrados perderán su configuración. ¿Seguro que quieres continuar?',
      apiKey_changed_success: 'Api key cambiada correctamente',
      'settings.weakKey': 'Clave débil',
      'settings.weakKeyHint':
        'Usa al menos {n, number} caracteres: una clave corta se puede adivinar.',
    },
    fr: {
      'settings.title': 'Paramètres',
      'settings.apiKey': 'Clé API',
      'settings.apiKeyHelp':
        "La clé avec laquelle les appareils s'enregistrent et envoient les SOS",
      change_apiKey_alert_message:
        'En changeant la clé API, tous les appareils enregistrés perdront leur configuration. Voulez-vous vraiment continuer ?',
      apiKey_changed_success: 'Clé API modifiée avec succès',
      'settings.weakKey': 'Clé faible',
      'settings.weakKeyHint':
        'Utilisez au moins {n, number} caractères : une clé courte peut être devinée.',
    },
    de: {
      'settings.title': 'Einstellungen',
      'settings.apiKey': 'API-Schlüssel',
      'settings.apiKeyHelp': 'Der Schlüssel, mit dem sich Geräte registrieren und SOS senden',
      change_apiKey_alert_message:
        'Wenn Sie den API-Schlüssel ändern, verlieren alle registrierten Geräte ihre Konfiguration. Möchten Sie wirklich fortfahren?',
      apiKey_changed_success: 'API-Schlüssel erfolgreich geändert',
      'settings.weakKey': 'Schwacher Schlüssel',
      'settings.weakKeyHint':
        'Verwenden Sie mindestens {n, number} Zeichen: Ein kurzer Schlüssel lässt sich erraten.',
    },
    ar: {
      'settings.title': 'الإعدادات',
      'settings.apiKey': 'مفتاح API',
      'settings.apiKeyHelp': 'المفتاح الذي تستخدمه الأجهزة للتسجيل وإرسال نداءات SOS',
      change_apiKey_alert_message:
        'عند تغيير مفتاح API ستفقد جميع الأجهزة المسجلة إعداداتها. هل أنت متأكد أنك تريد المتابعة؟',
      apiKey_changed_success: 'تم تغيير مفتاح API بنجاح',
      'settings.weakKey': 'مفتاح ضعيف',
      'settings.weakKeyHint':
        '{n, plural, one {استخدم حرفًا واحدًا على الأقل} two {استخدم حرفين على الأقل} few {استخدم # أحرف على الأقل} many {استخدم # حرفًا على الأقل} other {استخدم # حرف على الأقل}}: يمكن تخمين المفتاح القصير.',
    },
  },
);
