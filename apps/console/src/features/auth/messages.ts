import { defineCatalogue } from '../../i18n/define.js';

/** Sign-in texts (spec §2 /login, §8). */
export const authMessages = defineCatalogue(
  {
    'login.title': 'Accedi',
    'login.subtitle': 'Monitoraggio dei dispositivi SOS',
    'login.username': 'Username',
    'login.password': 'Password',
    'login.submit': 'Accedi',
    'login.showPassword': 'Mostra la password',
    'login.hidePassword': 'Nascondi la password',
    login_success: 'Login avvenuta con successo',
    'error.invalidCredentials': 'Username o password errati',
    'error.tooManyLoginAttempts':
      'Troppi tentativi di accesso falliti: riprova tra {minutes, plural, =0 {{seconds, plural, one {# secondo} other {# secondi}}} one {# minuto} other {# minuti}}',
  },
  {
    en: {
      'login.title': 'Sign in',
      'login.subtitle': 'SOS device monitoring',
      'login.username': 'Username',
      'login.password': 'Password',
      'login.submit': 'Sign in',
      'login.showPassword': 'Show the password',
      'login.hidePassword': 'Hide the password',
      login_success: 'Signed in successfully',
      'error.invalidCredentials': 'Wrong username or password',
      'error.tooManyLoginAttempts':
        'Too many failed sign-in attempts: try again in {minutes, plural, =0 {{seconds, plural, one {# second} other {# seconds}}} one {# minute} other {# minutes}}',
    },
    es: {
      'login.title': 'Iniciar sesión',
      'login.subtitle': 'Supervisión de dispositivos SOS',
      'login.username': 'Usuario',
      'login.password': 'Contraseña',
      'login.submit': 'Iniciar sesión',
      'login.showPassword': 'Mostrar la contraseña',
      'login.hidePassword': 'Ocultar la contraseña',
      login_success: 'Sesión iniciada correctamente',
      'error.invalidCredentials': 'Usuario o contraseña incorrectos',
      'error.tooManyLoginAttempts':
        'Demasiados intentos fallidos: inténtalo de nuevo dentro de {minutes, plural, =0 {{seconds, plural, one {# segundo} other {# segundos}}} one {# minuto} other {# minutos}}',
    },
    fr: {
      'login.title': 'Connexion',
      'login.subtitle': 'Surveillance des appareils SOS',
      'login.username': "Nom d'utilisateur",
      'login.password': 'Mot de passe',
      'login.submit': 'Se connecter',
      'login.showPassword': 'Afficher le mot de passe',
      'login.hidePassword': 'Masquer le mot de passe',
      login_success: 'Connexion réussie',
      'error.invalidCredentials': "Nom d'utilisateur ou mot de passe incorrect",
      'error.tooManyLoginAttempts':
        'Trop de tentatives de connexion échouées : réessayez dans {minutes, plural, =0 {{seconds, plural, one {# seconde} other {# secondes}}} one {# minute} other {# minutes}}',
    },
    de: {
      'login.title': 'Anmelden',
      'login.subtitle': 'Überwachung der SOS-Geräte',
      'login.username': 'Benutzername',
      'login.password': 'Passwort',
      'login.submit': 'Anmelden',
      'login.showPassword': 'Passwort anzeigen',
      'login.hidePassword': 'Passwort verbergen',
      login_success: 'Erfolgreich angemeldet',
      'error.invalidCredentials': 'Benutzername oder Passwort falsch',
      'error.tooManyLoginAttempts':
        'Zu viele fehlgeschlagene Anmeldeversuche: erneut versuchen in {minutes, plural, =0 {{seconds, plural, one {# Sekunde} other {# Sekunden}}} one {# Minute} other {# Minuten}}',
    },
    ar: {
      'login.title': 'تسجيل الدخول',
      'login.subtitle': 'مراقبة أجهزة SOS',
      'login.username': 'اسم المستخدم',
      'login.password': 'كلمة المرور',
      'login.submit': 'تسجيل الدخول',
      'login.showPassword': 'إظهار كلمة المرور',
      'login.hidePassword': 'إخفاء كلمة المرور',
      login_success: 'تم تسجيل الدخول بنجاح',
      'error.invalidCredentials': 'اسم المستخدم أو كلمة المرور غير صحيحة',
      'error.tooManyLoginAttempts':
        'محاولات تسجيل دخول فاشلة كثيرة جدًا: أعد المحاولة بعد {minutes, plural, =0 {{seconds, plural, one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
    },
  },
);
