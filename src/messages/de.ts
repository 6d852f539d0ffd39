import type { QuestionDockMessages, SubmitErrorParams } from "./en";

function submitError({ action, code, detail }: SubmitErrorParams): string {
  const what = action === "answer" ? "Ihre Antwort wurde nicht gesendet" : "Das Überspringen wurde nicht gesendet";
  switch (code) {
    case "unanswered":
      return "Beantworten Sie vor dem Senden jede Frage.";
    case "disconnected":
      return `${what}: Die Verbindung wurde unterbrochen. Ihr Entwurf bleibt erhalten; versuchen Sie es erneut.`;
    case "timeout":
      return `${what}: Das Gateway hat nicht rechtzeitig geantwortet. Ihr Entwurf bleibt erhalten; versuchen Sie es erneut.`;
    case "not-arrived":
      return action === "answer"
        ? "Ihre Antwort hat das Gateway nicht erreicht, bevor die Verbindung abbrach. Ihr Entwurf bleibt erhalten; versuchen Sie es erneut."
        : "Das Überspringen hat das Gateway nicht erreicht, bevor die Verbindung abbrach; versuchen Sie es erneut.";
    case "invalid-answer":
      return `Das Gateway hat die Antwort abgelehnt: ${detail ?? ""}`;
    case "forbidden":
      return `${what}: Diese Verbindung darf keine Fragen beantworten${detail ? ` (es fehlt ${detail})` : ""}.`;
    case "refused":
      return `${what}: ${detail ?? ""}`;
    case "not-creator":
      return "Ihre Nachricht wurde nicht als Antwort angenommen: Das Gateway nimmt eine Chat-Antwort nur von einer Verbindung mit denselben Berechtigungen an wie der, die den Lauf des Agenten gestartet hat. Nutzen Sie die Bedienelemente der Frage; Ihr Text bleibt erhalten.";
    case "chat-refused":
      return detail || "Das Gateway hat Ihre Nachricht nicht als Antwort angenommen. Ihr Text bleibt erhalten.";
    case "not-taken":
      return "Das Gateway hat Ihre Nachricht nicht als Antwort angenommen, und die Frage wartet weiter. Ihr Text bleibt erhalten; versuchen Sie es erneut oder nutzen Sie die Bedienelemente der Frage.";
    case "unexpected":
      return `${what}: ${detail ?? "ein unerwarteter Fehler"}.`;
  }
}

/** The dock's German words, from "/locales/de"; the type makes a missing key a compile error. */
export const deMessages: QuestionDockMessages = {
  dockLabel: "Fragen",
  review: "Überprüfen",
  untitledQuestion: "Frage",
  connection: { connecting: "Verbinden…", reconnecting: "Neu verbinden…", offline: "Offline" },
  collapse: "Fragen einklappen",
  collapseTitle: "Einklappen (Esc)",
  expand: "Ausklappen",
  expandLabel: "Fragen ausklappen",
  requestsWaiting: { one: "{count} Anfrage wartet", other: "{count} Anfragen warten" },
  unansweredQuestions: { one: "{count} unbeantwortete Frage", other: "{count} unbeantwortete Fragen" },
  requestNav: { group: "Offene Anfragen", previous: "Vorherige Anfrage", next: "Nächste Anfrage", position: ({ index, count }) => `Anfrage ${index} von ${count}` },
  clock: {
    title: "Verbleibende Zeit zum Antworten",
    timeLeft: ({ left }) => `Verbleibende Zeit: ${left}`,
    lessThanMinute: "weniger als eine Minute",
    aboutHours: ({ duration }) => `etwa ${duration}`,
    moreThanHours: ({ duration }) => `mehr als ${duration}`,
    oneMinuteLeft: "Noch eine Minute zum Antworten.",
  },
  step: {
    progress: ({ index, count }) => `Frage ${index} von ${count}`,
    reviewTitle: "Antworten überprüfen",
    reviewHeading: "Prüfen Sie Ihre Antworten",
    segment: ({ index, title, answered }) => `Frage ${index}: ${title}${answered ? ", beantwortet" : ""}`,
    chooseAll: "Wählen Sie alle zutreffenden aus.",
    noAnswerYet: "Noch keine Antwort",
    edit: ({ question }) => `Bearbeiten: ${question}`,
    editButton: "Bearbeiten",
  },
  other: {
    label: "Andere",
    placeholder: "Eigene Antwort eingeben",
    notChosen: "Nicht gewählt",
    removedCharacter: "Ein Zeichen, das nicht gesendet werden kann, wurde entfernt.",
    credentialWarning:
      "Das sieht nach einem Passwort oder Schlüssel aus. Antworten Sie nie mit Zugangsdaten: Der Agent kann sie mit dem Secrets-Werkzeug erfragen, das sie aus dem Chat heraushält. Dieser Entwurf wird nicht gespeichert.",
  },
  footer: {
    skip: "Überspringen",
    back: "Zurück",
    next: "Weiter",
    submit: "Senden",
    sending: "Wird gesendet…",
    skipping: "Wird übersprungen…",
    checking: ({ action }) => (action === "answer" ? "Prüfe, ob Ihre Antwort angekommen ist…" : "Prüfe, ob das Überspringen angekommen ist…"),
  },
  submitError,
  opensInNewTab: " (öffnet in einem neuen Tab)",
  secretMask: "•••••• (verborgen)",
  promptError: {
    title: "Diese Frage konnte nicht angezeigt werden.",
    questionText: "Fragetext",
    hint: "Sie können sie überspringen oder in einer anderen Oberfläche beantworten.",
  },
  outcomes: {
    answered: "Beantwortet",
    "answered-elsewhere": "Anderswo beantwortet",
    "answered-in-chat": "Per Chat-Antwort beantwortet",
    skipped: "Übersprungen",
    "skipped-elsewhere": "Anderswo übersprungen",
    cancelled: "Abgebrochen",
    ended: "Beendet",
    expired: "Abgelaufen",
    unavailable: "Nicht verfügbar",
    retired: "Nicht mehr offen",
    "no-answer": "Keine Antwort",
  },
  summary: {
    label: ({ outcome }) => `Frage, ${outcome}`,
    errorLabel: "Frage, konnte nicht angezeigt werden",
    errorText: "Diese Zusammenfassung konnte nicht angezeigt werden.",
    noAnswer: "Keine Antwort",
    cancelReasons: {
      "run-abort": "Der Lauf des Agenten wurde gestoppt.",
      "superseded-input": "Eine neuere Nachricht hat den Zug des Agenten ersetzt.",
      "requester-inactive": "Der Lauf des Agenten endete vor einer Antwort.",
      "image-reply": "Eine Antwort mit Bild hat die Frage ersetzt.",
      "wait-timeout": "Der Agent hat aufgehört, auf eine Antwort zu warten.",
      "prompt-delivery-failed": "Die Frage konnte nicht zugestellt werden.",
      "tool-error": "Das Fragewerkzeug des Agenten ist fehlgeschlagen.",
      "registration-failed": "Das Gateway konnte die Frage nicht anmelden.",
      "harness-error": "Die Laufzeit des Agenten ist beim Warten fehlgeschlagen.",
    },
    endedBy: ({ by }) => `Beendet: ${by}`,
    noAnswerNotes: {
      cancelled: "Sie wurde übersprungen oder abgebrochen; der Gesprächsverlauf sagt nicht, von wem.",
      unknown: "Der Gesprächsverlauf sagt nicht, warum.",
    },
    listLabel: "Beendete Fragen",
    showEarlier: { one: "Die frühere Frage zeigen", other: "Frühere Fragen zeigen ({count} nicht angezeigt)" },
  },
  delivery: {
    queued: "Antwort in der Warteschlange",
    waiting: "Warten auf Verbindung",
    sending: "Antwort wird gesendet",
    failed: "Antwort nicht gesendet",
    unconfirmed: "Zustellung unbestätigt",
    confirmed: "Antwort gesendet",
    doubts: {
      disconnected: "Die Verbindung brach beim Senden ab; die Zustellung ist ungewiss.",
      timeout: "Das Gateway hat nicht rechtzeitig geantwortet; die Zustellung ist ungewiss.",
      "history-unchecked": "Der gespeicherte Verlauf konnte nicht geprüft werden; die Zustellung ist ungewiss.",
      "not-in-history": "Das Gateway hat die Antwort angenommen, aber der gespeicherte Verlauf zeigt sie noch nicht.",
      "page-closed": "Die Seite wurde beim Senden geschlossen; die Zustellung ist ungewiss.",
    },
    refusedForGood: "Das Gateway wird diese Antwort so ablehnen. Verwerfen Sie sie, um sie zu bearbeiten und erneut zu senden.",
    retry: "Antwort erneut senden",
    discard: "Verwerfen",
    reopen: "Antworten",
  },
  unsent: {
    notSent: "Ihre Antwort wurde nicht gesendet:",
    mayNotHaveArrived: "Ihre Antwort ist möglicherweise nicht angekommen:",
    copy: "Antwort kopieren",
    copied: "Kopiert",
    copyFailed: "Kopieren nicht möglich; markieren Sie den Text stattdessen",
  },
  missingAnswers: {
    text: ({ questions }) => `Noch ohne Antwort: ${questions}.`,
    goTo: ({ question }) => `Zu ${question} springen`,
    numbered: ({ index }) => `Frage ${index}`,
  },
  editAnswer: {
    edit: "Antwort bearbeiten",
    field: "Ihre Antwort",
    save: "Speichern",
    cancel: "Abbrechen",
    refused: "Ihre Antwort war schon unterwegs und wurde nicht geändert. Ihr bearbeiteter Text bleibt hier zum Kopieren.",
  },
  announce: {
    outcome: ({ label, header }) => `${label}: ${header}`,
    newQuestion: ({ question }) => `Neue Frage: ${question}`,
  },
  permission: {
    what: "Fragen sehen",
    missingScope: ({ what, scope }) => `Diese Verbindung darf nicht ${what} (es fehlt ${scope}).`,
    gatewaySaid: ({ what, said }) => `Diese Verbindung darf nicht ${what}. Das Gateway sagte: ${said}`,
    hidden: { one: "Eine Frage wird dieser Verbindung nicht angezeigt.", other: "{count} Fragen werden dieser Verbindung nicht angezeigt." },
    reasons: { secret: "eine geheime Eingabe", sessionless: "an kein Gespräch gebunden", admin: "nicht von einem Ihrer Agentenläufe gestellt" },
    why: "Warum",
  },
  rejected: { count: { one: "Eine Frage konnte nicht angezeigt werden.", other: "{count} Fragen konnten nicht angezeigt werden." }, details: "Details" },
  asyncProblems: {
    storage: {
      save: "Antworten werden auf diesem Gerät nicht gespeichert. Sie werden weiter gesendet, aber eine noch nicht gesendete Antwort geht verloren, wenn diese Seite geschlossen wird.",
      load: "Auf diesem Gerät gespeicherte Antworten konnten nicht gelesen werden. Neue Antworten werden weiter gesendet, aber eine noch nicht gesendete Antwort geht verloren, wenn diese Seite geschlossen wird.",
    },
    loadFailed: ({ reason }) => `Der Gesprächsverlauf konnte nicht geladen werden: ${reason}`,
    deliveryRefused: { one: "Etwas, das das Gateway gesendet hat, konnte nicht gelesen werden.", other: "{count} Dinge, die das Gateway gesendet hat, konnten nicht gelesen werden." },
  },
  composerAnswer: {
    answerTitle: ({ header }) => `Als Antwort auf „${header}“ senden?`,
    skipTitle: ({ header }) => `„${header}“ mit dieser Nachricht überspringen?`,
    sendAsAnswer: "Als Antwort senden",
    skipQuestion: "Frage überspringen",
    sendAsChat: "Als Chatnachricht senden",
    claimTitle: ({ header }) => `Ihre Nachricht beantwortet „${header}“:`,
    claimMissing: ({ questions }) =>
      `Noch ohne Antwort: ${questions}. Das Gateway lehnt eine Antwort ab, solange eine Frage offen ist; schreiben Sie eine Zeile pro Frage oder „Kopfzeile: Antwort“.`,
    credentialWarning:
      "Das sieht wie ein Passwort oder Schlüssel aus. Gesendet wird es zur Antwort und bleibt im Chat. Antworten Sie nie mit Zugangsdaten: Der Agent kann sie mit dem Secrets-Werkzeug erfragen, das sie aus dem Chat heraushält.",
  },
  questionPage: {
    title: "Frage",
    titleFor: ({ header }) => `Frage: ${header}`,
    loading: "Die Frage wird geladen…",
    refreshFailed: ({ error }) => `Die Frage konnte nicht neu geladen werden: ${error}. Ihre Eingabe bleibt erhalten.`,
    retry: "Erneut versuchen",
    retrying: "Wird erneut versucht…",
  },
  transcript: {
    label: "Unterhaltung",
    showEarlier: { one: "Die frühere Nachricht zeigen", other: "Frühere Nachrichten zeigen ({count} nicht angezeigt)" },
  },
  dismiss: "Schließen",
  description: { showMore: "Mehr anzeigen", showLess: "Weniger anzeigen" },
  attention: {
    titleCount: ({ count, title }) => `(${count}) ❓ ${title}`,
    notificationTitle: "Eine Frage wartet",
    secretQuestion: "Der Agent fragt nach einem Geheimnis. Öffnen Sie die Seite, um zu antworten.",
    openToAnswer: "Öffnen Sie die Seite, um zu antworten.",
    newMark: "Neu",
    reopenShortcut: "Alt+Umschalt+Q öffnet die Fragen von überall auf der Seite",
  },
};
