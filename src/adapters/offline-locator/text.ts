/** Words of descriptions and of pages: normalised, split, reduced to a common stem. */

/** Words that say nothing about which element is meant. */
const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'on',
  'in',
  'at',
  'to',
  'for',
  'with',
  'and',
  'or',
  'by',
  'from',
  'into',
  'this',
  'that',
  'these',
  'those',
  'which',
  'who',
  'whose',
  'is',
  'are',
  'be',
  'it',
  'its',
  'me',
  'my',
  'our',
  'your',
  'their',
  'his',
  'her',
  'we',
  'you',
  'i',
  'page',
  'website',
  'site',
  'web',
  'webpage',
  'element',
  'thing',
  'stuff',
  'one',
  'where',
  'there',
  'here',
  'shows',
  'showing',
  'show',
  'displays',
  'displaying',
  'containing',
  'contains',
  'with',
  'says',
  'saying',
  'labeled',
  'labelled',
  'called',
  'named',
  'capture',
  'just',
  'only',
  'please',
  'whole',
  'entire',
  'all',
  'some',
  'any',
  'bar',
  'area',
  'part',
  'block',
  'thing',
  'component',
  'piece',
  'little',
  'bit',
  'just',
  'also',
  'etc',
  'us',
]);

/** Phrases rewritten to one word before splitting (longest first). */
const PHRASES: [RegExp, string][] = [
  [/\btable of contents\b/g, 'toc'],
  // A piece of writing ("the fact-check's headline"), not a check box or a check-in date.
  [/\bfact[- ]?check/g, 'factcheck'],
  [/\bcall to action\b/g, 'cta'],
  [/\btext ?area\b/g, 'textarea'],
  [/\bcheck ?box\b/g, 'checkbox'],
  [/\bdrop ?down\b/g, 'dropdown'],
  [/\bnav(?:igation)? ?bar\b/g, 'navbar'],
  [/\bmenu ?bar\b/g, 'navbar'],
  // "the search input" and "the search field" are the field itself (hand-matcher.ts keeps to it),
  // not the form around it, unless the form is named ("the search field form").
  [/\bsearch ?(?:input|field)\b(?! ?form)/g, 'searchbox input'],
  [/\bsearch ?(?:bar|box|field)\b/g, 'searchbox'],
  [/\bsign ?up\b/g, 'signup'],
  [/\bsign ?in\b/g, 'signin'],
  [/\blog ?in\b/g, 'login'],
  [/\blog ?out\b/g, 'logout'],
  [/\be-mail\b/g, 'email'],
  [/\bfrequently asked questions\b/g, 'faq'],
  [/\bpull ?quote\b/g, 'pullquote pull quote'],
  [/\bprofile (?:picture|photo|image|pic)\b/g, 'avatar'],
  [/\bhero (?:section|banner|area)\b/g, 'hero section'],
  [/\btop ?bar\b/g, 'topbar'],
  [/\bside ?bar\b/g, 'sidebar'],
  [/\bcode (?:block|sample|snippet|example)\b/g, 'code snippet'],
  [/©/g, ' copyright '],
];

/** Words that name the same thing (each group is symmetric), with what pages in other languages call it (written without accents, as {@link words} reads them). */
const SYNONYM_GROUPS: string[][] = [
  ['login', 'signin', 'logon'],
  ['signup', 'register', 'registration', 'join', 'subscribe', 'subscription', 'enroll'],
  [
    'cart',
    'basket',
    'bag',
    'warenkorb',
    'panier',
    'carrello',
    'carrito',
    'carrinho',
    'koszyk',
    'kosik',
    'корзина',
    'winkelwagen',
  ],
  ['author', 'byline', 'writer', 'autor', 'auteur', 'autore', 'автор'],
  ['email', 'mail'],
  ['faq', 'question'],
  ['toc', 'content'],
  ['navbar', 'nav', 'navigation', 'menu'],
  [
    'searchbox',
    'search',
    'suche',
    'recherche',
    'rechercher',
    'buscar',
    'busqueda',
    'pesquisar',
    'pesquisa',
    'szukaj',
    'hledat',
    'поиск',
    'zoeken',
  ],
  ['notification', 'bell', 'alert', 'unread'],
  ['user', 'account', 'profile', 'avatar'],
  [
    'comment',
    'reply',
    'discussion',
    'kommentar',
    'kommentare',
    'commentaire',
    'commentaires',
    'commento',
    'commenti',
    'comentario',
    'comentarios',
    'komentarz',
    'komentarze',
    'komentare',
    'комментарий',
    'комментарии',
    'reacties',
  ],
  [
    'review',
    'testimonial',
    'feedback',
    'bewertung',
    'bewertungen',
    'rezension',
    'rezensionen',
    'recensione',
    'recensioni',
    'resena',
    'resenas',
    'opiniones',
    'avaliacao',
    'avaliacoes',
    'recenzie',
    'recenze',
    'recenzje',
    'opinie',
    'отзыв',
    'отзывы',
    'отзывов',
    'beoordelingen',
    'recensioner',
  ],
  ['price', 'cost', 'amount', 'preis', 'prix', 'prezzo', 'precio', 'preco', 'cena', 'цена', 'prijs'],
  ['cover', 'hero', 'featured', 'banner', 'lead'],
  ['spec', 'specification', 'detail', 'technical'],
  ['product', 'item'],
  ['buy', 'purchase', 'order'],
  ['password', 'passphrase'],
  ['newsletter', 'mailing'],
  [
    'share',
    'social',
    'teilen',
    'partager',
    'condividi',
    'compartir',
    'compartilhar',
    'udostepnij',
    'sdilet',
    'поделиться',
    'delen',
  ],
  [
    'related',
    'similar',
    'recommend',
    'recommendation',
    'ahnliche',
    'verwandte',
    'similaires',
    'correlati',
    'relacionados',
    'relacionadas',
    'podobne',
    'souvisejici',
    'похожие',
    'gerelateerd',
  ],
  ['date', 'published', 'publication', 'posted'],
  ['color', 'colour'],
  ['error', 'invalid', 'incorrect', 'wrong'],
  ['legal', 'terms', 'privacy'],
  ['copyright', 'rights'],
  ['customer', 'client', 'user'],
  ['contact', 'support', 'help'],
  // What shops and recipes call their parts in other languages: the description is English, the page may not be.
  [
    'description',
    'beschreibung',
    'produktbeschreibung',
    'descrizione',
    'descripcion',
    'descricao',
    'opis',
    'popis',
    'описание',
    'beschrijving',
    'beskrivning',
  ],
  [
    'ingredient',
    'zutaten',
    'ingredienti',
    'ingredientes',
    'skladniki',
    'ingredience',
    'ингредиенты',
    'ingredienten',
    'ingredienser',
  ],
];

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  for (const word of group.map(stem)) {
    const others = group.map(stem).filter((w) => w !== word);
    SYNONYMS.set(word, [...(SYNONYMS.get(word) ?? []), ...others]);
  }
}

/** The synonyms of a stemmed word (not the word itself). */
export function synonymsOf(word: string): readonly string[] {
  return SYNONYMS.get(word) ?? [];
}

/** A crude English stem: plural and possessive endings off, so `reviews` meets `review`. */
export function stem(word: string): string {
  let w = word.replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** How many of `own` are in `set`. */
export function countIn(own: readonly string[], set: ReadonlySet<string>): number {
  return own.filter((w) => set.has(w)).length;
}

/** Whether any of {@link PHRASES} may occur in a text: most texts have none, and skip the rewriting. */
const ANY_PHRASE = new RegExp(PHRASES.map(([pattern]) => pattern.source).join('|'));

/**
 * {@link words} already computed, by options and text: one locate reads an element's text for its
 * kinds, its features and the page's evident elements, and most texts recur. Emptied when full.
 */
const WORDS_SEEN = new Map<string, readonly string[]>();
const WORDS_SEEN_MAX = 10_000;

/** Trade and service marks, which NFKD spells as capitals glued to the name before them ("Nike™" → "NikeTM"). */
const MARKS = /[™℠]/g;

/** `text` in lower case with its accents and trade marks gone: "Hledáte™" → "hledate ". */
function folded(text: string): string {
  return text.replace(MARKS, ' ').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Lower-case words of `text`: camelCase, snake_case and kebab-case split; stemmed (unless `stem: false`); no stopwords. */
export function words(text: string, options: { keepStopwords?: boolean; stem?: boolean } = {}): string[] {
  const key = `${options.keepStopwords === true ? 'k' : '-'}${options.stem === false ? '-' : 's'}${text}`;
  const seen = WORDS_SEEN.get(key);
  if (seen) return [...seen];
  const spaced = folded(text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')).replace(/[’']/g, "'");
  let rewritten = spaced;
  if (ANY_PHRASE.test(spaced))
    for (const [pattern, replacement] of PHRASES) rewritten = rewritten.replace(pattern, replacement);
  const found = rewritten
    .split(/[^\p{L}\p{N}'$€£¥%]+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w !== '' && (options.keepStopwords === true || !STOPWORDS.has(w)))
    .map((w) => (options.stem === false ? w : stem(w)));
  if (WORDS_SEEN.size >= WORDS_SEEN_MAX) WORDS_SEEN.clear();
  WORDS_SEEN.set(key, found);
  return [...found];
}

/** `text` with what its parentheses hold (and an unclosed one's rest) blanked, at the same length: what a description lists there. */
export function blankParentheses(text: string): string {
  return text.replace(/\([^)]*\)?/g, (m) => ' '.repeat(m.length));
}

/**
 * True when `a` and `b` are the same word, or one is a prefix of the other of at least 4 letters —
 * not when the longer begins as one of {@link FALSE_FRIENDS} and the shorter does not.
 */
export function sameOrPrefix(a: string, b: string): 'same' | 'prefix' | null {
  if (a === b) return 'same';
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (falseFriend(short, long)) return null;
  return short.length >= 4 && long.startsWith(short) ? 'prefix' : null;
}

/**
 * Beginnings of words that start like another word and mean something else: `align-start` and
 * `startseite` are no star rating, `logout` and `logon` no logo, `country` no count, an account's
 * `authorization` link no author, a `postal` code or a `poster` no post, a `shareholder` no share.
 */
export const FALSE_FRIENDS = [
  'start',
  'logout',
  'logon',
  'logoff',
  'country',
  'authoriz',
  'authorit',
  'postal',
  'poster',
  'shareholder',
];
/** True when `long` begins as one of {@link FALSE_FRIENDS} and `short` does not: no prefix of it. */
const falseFriend = (short: string, long: string): boolean =>
  FALSE_FRIENDS.some((f) => long.startsWith(f) && !short.startsWith(f));

/** The months' names as their first letters, English and German ("Jan.", "März", "Okt."). */
const MONTHS = [
  'jan',
  'feb',
  'm(?:a|ä)r',
  'apr',
  'ma(?:y|i)',
  'jun',
  'jul',
  'aug',
  'sep',
  'o(?:c|k)t',
  'nov',
  'de(?:c|z)',
];

/**
 * The months' whole names in French, Spanish, Portuguese, Italian, Dutch, Swedish, Czech and Polish
 * (as {@link OTHER_MONTH} reads them), by month: read in a day with its year ("22 Dicembre 2025",
 * "4 de Mayo de 2022").
 */
const OTHER_MONTHS = [
  'janvier|enero|janeiro|gennaio|januari|ledna|stycznia',
  'f[ée]vrier|febrero|fevereiro|febbraio|februari|února|lutego',
  'mars|marzo|mar[cç]o|maart|března|marca',
  'avril|abril|aprile|dubna|kwietnia',
  'mai|mayo|maio|maggio|mei|maj|května|maja',
  'juin|junio|junho|giugno|juni|června|czerwca',
  'juillet|julio|julho|luglio|juli|července|lipca',
  'ao[uû]t|agosto|augustus|augusti|srpna|sierpnia',
  'septembre|sept?iembre|setembro|settembre|september|září|września',
  'octobre|octubre|outubro|ottobre|oktober|října|października',
  'novembre|noviembre|novembro|november|listopadu|listopada',
  'd[ée]cembre|diciembre|dezembro|dicembre|december|prosince|grudnia',
];

/**
 * A test of whether a text shows the calendar day that `iso` (a date as pages give it in their
 * metadata: "2017-01-13T00:00:04-05:00", "2019-04-28 06:01:07", "Mon, 18 Nov 2019 16:07:38 -0600")
 * names, as written on the page: "JAN. 13, 2017", "March 5th, 2021", "21 September 2020", "27.
 * September 2018", "2017-01-13", "13.01.2017", "1/13/2017", "27/09/2018", "11/19/19", "Posted Nov
 * 19" (in a short line that says only when, and no year written after it), days in other
 * languages ("22 Dicembre 2025", "4 de Mayo de 2022") and "11.14.2019". With `near`, the days
 * before and after instead, for a date with a time of day: it may be shown on another day in the
 * reader's zone (published 2019-11-20T02:59Z, shown "November 19, 2019 at 8:59 pm"), with the
 * time's minutes, not on the hour (a masthead's "November 20, 2019", a later "Updated: April 17"
 * or a comment's "10:00 am" is not it). `forms: 'whole'` keeps the forms with the year only. Null
 * when `iso` is no date (or one before 1990, a content system's empty "0001-01-01"), or, with
 * `near`, no date with a time off the hour.
 */
export function dayShownIn(
  iso: string,
  near = false,
  forms: 'all' | 'whole' = 'all',
): ((text: string) => boolean) | null {
  const when = writtenDate(iso.trim());
  if (when === null) return null;
  // Another day only with the same minutes past the hour ("8:59 pm" for 02:59Z), and never for a
  // time on the hour or none: a comment's "10:00 am" the next day is no reader's zone.
  if (near && (when.minutes === null || when.minutes === '00')) return null;
  const days = near ? [when.day - 1, when.day + 1].map(dayOf) : [dayOf(when.day)];
  const ymds = days.map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  // A year glued to the time after it ("NOV 20 20194:29 AM") still ends there.
  const yearEnd = '(?:(?!\\d)|(?=\\d{1,2}:\\d{2}))';
  const written = new RegExp(
    days
      .map(([year, month, day]) => {
        const name = `${MONTHS[month - 1] ?? '-'}\\p{L}*\\.?`;
        const d = `0?${day}`;
        const other = `(?:${OTHER_MONTHS[month - 1] ?? '-'})(?!\\p{L})`;
        return [
          `\\b${d}(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?${name},?\\s+${year}${yearEnd}`,
          `\\b${name}\\s+${d}(?:st|nd|rd|th)?,?\\s+${year}${yearEnd}`,
          `\\b${d}(?:er|º)?\\.?\\s+(?:de\\s+)?${other}(?:\\s+de)?,?\\s+${year}${yearEnd}`,
          `\\b${d}\\.0?${month}\\.${year}\\b`,
          `\\b0?${month}[./]${d}[./]${year}\\b`,
          `\\b${d}/0?${month}/${year}\\b`,
        ].join('|');
      })
      .join('|'),
    'u',
  );
  // The day without its year or with two digits of it, only in a short line that says only when:
  // "Posted Nov 19, 6:51 AM", "11/19/19 06:56 AM EST", "12.27.20", not "headlines for Nov. 19" or
  // "Horoscope for Wednesday, 11/20/19".
  const short = new RegExp(
    days
      .map(([year, month, day]) => {
        const yy = String(year % 100).padStart(2, '0');
        return [
          `\\b${MONTHS[month - 1] ?? '-'}\\p{L}*\\.?\\s+0?${day}(?:st|nd|rd|th)?\\b(?!,?\\s*(?:19|20)\\d{2}\\b)`,
          `\\b0?${day}\\.0?${month}\\.${yy}\\b`,
          `\\b0?${month}[./]0?${day}[./]${yy}\\b`,
        ].join('|');
      })
      .join('|'),
    'u',
  );
  const minutes = near ? new RegExp(`\\b\\d{1,2}[:.h]${when.minutes}\\b`) : null;
  return (text) => {
    const t = text.toLowerCase();
    const whole = ymds.some((ymd) => t.includes(ymd)) || written.test(t);
    const brief = forms === 'all' && t.length <= 32 && short.test(t) && saysOnlyWhen(text);
    return (whole || brief) && (minutes === null || minutes.test(t));
  };
}

/** A metadata date as written: its calendar day (days since 1970, in no zone) and the minutes of its clock time, if it has one. */
interface WrittenDate {
  day: number;
  minutes: string | null;
}

/**
 * The calendar day a metadata date names, as written, whatever the zone it adds and the zone this
 * process runs in: an ISO date's ("2019-11-20T02:59:46Z" is the 20th), or the day of a date in
 * another form (RFC 2822's "Mon, 18 Nov 2019 16:07:38 -0600" is the 18th; "November 19, 2019, 07:47
 * PM EST"); with the minutes of the time written with it. Null when it is no date, or one before
 * 1990 (a content system's empty "0001-01-01").
 */
function writtenDate(iso: string): WrittenDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{1,2}:(\d{2}))?/.exec(iso);
  if (m) {
    if (emptyDate(iso)) return null;
    return { day: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS, minutes: m[4] ?? null };
  }
  // The words up to the year, read at noon UTC: the day as written, in no zone.
  const upToYear = /^(.*?\b(?:19|20)\d{2})\b/.exec(iso);
  const parsed = upToYear ? Date.parse(`${upToYear[1]} 12:00 UTC`) : Number.NaN;
  if (Number.isNaN(parsed)) return null;
  const clock = /\b\d{1,2}:(\d{2})\b/.exec(iso);
  return { day: Math.floor(parsed / DAY_MS), minutes: clock?.[1] ?? null };
}

/** True for a content system's empty date: an ISO date before 1990 ("0001-01-01T00:00:00Z"). */
export function emptyDate(iso: string): boolean {
  const year = /^(\d{4})-/.exec(iso.trim())?.[1];
  return year !== undefined && Number(year) < 1990;
}

const DAY_MS = 86_400_000;

/** Year, month and day of a day counted from 1970. */
function dayOf(day: number): [number, number, number] {
  const d = new Date(day * DAY_MS);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/** True when `text` shows the day `iso` names (see {@link dayShownIn}). */
export function showsDate(text: string, iso: string): boolean {
  return dayShownIn(iso)?.(text) ?? false;
}

/** A footer's fine print: "© 2022 Condé Nast. All rights reserved", "Copyright". */
export const FINE_PRINT = /©|\bcopyright\b|all rights reserved/i;

/** Lower case, accents and punctuation gone, spaces single: "Eleanor Ainge-Roy" → "eleanor ainge roy". */
export function plain(text: string): string {
  return folded(text)
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A month's name as pages write it, whole or cut short, English or German ("Sept.", "März", "Okt"). */
const ANY_MONTH =
  '(?:jan(?:uary|uar)?|feb(?:ruary|ruar)?|mar(?:ch)?|märz|apr(?:il)?|ma[yi]|jun[ei]?|jul[yi]?|aug(?:ust)?|sept?(?:ember)?|o[ck]t(?:ober)?|nov(?:ember)?|de[cz](?:ember)?)(?!\\p{L})\\.?';
/**
 * A month's whole name in French, Spanish, Portuguese, Italian, Dutch, Swedish, Czech or Polish
 * ("novembre", "dezembro", "août", "maart", "května", "września"): read only in a day with its year ("8 de novembro de 2023"), as some of them are
 * words too ("mayo", "mars").
 */
const OTHER_MONTH =
  '(?:janvier|f[ée]vrier|mars|avril|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|sept?iembre|octubre|noviembre|diciembre|janeiro|fevereiro|mar[cç]o|maio|junho|julho|setembro|outubro|novembro|dezembro|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|januari|februari|maart|mei|juni|augustus|oktober|augusti|maj|ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia)(?!\\p{L})';
const SOME_DAY = new RegExp(
  [
    `\\b\\d{1,2}(?:er|º)?\\.?\\s+(?:de\\s+)?${OTHER_MONTH}(?:\\s+de)?,?\\s+(?:19|20)\\d{2}\\b`,
    `\\b${ANY_MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?${ANY_MONTH}(?:\\s|,|$)`,
    // A byline's spans read as one text, the day glued to the name before it: "Nolan22 Dec 2016" —
    // with its year, so that "Galaxy S24 may launch" is no day.
    `(?<=\\p{L})\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+${ANY_MONTH},?\\s+(?:19|20)\\d{2}`,
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}\\b',
  ].join('|'),
  'iu',
);

/** True when a text shows some calendar day: "Mar. 5", "5 March 2021", "27. September", "2021-03-05", "3/5/21". */
export function showsSomeDay(text: string): boolean {
  return SOME_DAY.test(text);
}

/**
 * "How long ago" as pages in other languages write it: German "vor 3 Stunden", French "il y a 2
 * jours", Spanish "hace 5 minutos", Portuguese "há 2 dias", Italian "3 ore fa", Dutch "2 uur
 * geleden", Czech "před 2 hodinami" — and their words for yesterday and today.
 */
const AGO_ELSEWHERE = new RegExp(
  [
    '(?<!\\p{L})vor\\s+(?:\\d+|einer|einem)\\s+(?:sekunden?|minuten?|stunden?|tag(?:en)?|wochen?|monat(?:en)?|jahr(?:en)?)(?!\\p{L})',
    '(?<!\\p{L})il\\s+y\\s+a\\s+(?:\\d+|une?)\\s+(?:secondes?|minutes?|min|heures?|h|jours?|semaines?|mois|ans?)(?!\\p{L})',
    '(?<!\\p{L})(?:hace|há)\\s+(?:\\d+|una?|um|uma)\\s+(?:segundos?|minutos?|min|horas?|h|d[ií]as?|semanas?|m[eê]s(?:es)?|años?|anos?)(?!\\p{L})',
    '(?<!\\p{L})\\d+\\s+(?:secondi|minut[oi]|or[ae]|giorn[oi]|settiman[ae]|mes[ei]|ann[oi])\\s+fa(?!\\p{L})',
    '(?<!\\p{L})\\d+\\s+(?:seconden|minuut|minuten|uur|dag|dagen|week|weken|maand|maanden|jaar)\\s+geleden(?!\\p{L})',
    '(?<!\\p{L})p[rř]ed\\s+(?:\\d+\\s+)?(?:sekundami|minutami|minutou|hodinami|hodinou|dny|dnem|týdny|týdnem|dňami|dňom|týždňami|týždňom|měsíci|mesiacmi|měsícem|mesiacom|lety|rokmi|rokem|rokom)(?!\\p{L})',
    "(?<!\\p{L})(?:gestern|heute|aujourd['’]hui|ayer|hoy|ontem|hoje|ieri|oggi|gisteren|vandaag|včera|dnes)(?!\\p{L})",
  ].join('|'),
  'iu',
);

/** True when a text says how long ago in English or another language: "2 hours ago", "vor 3 Stunden", "před 2 hodinami". */
export function showsAgo(text: string): boolean {
  return /\bago\b/i.test(text) || AGO_ELSEWHERE.test(text);
}

/** A time as bylines write one besides a day: "6 years ago", "Yesterday", "3:45 PM", "2021". */
const SOME_TIME =
  /\bago\b|\byesterday\b|\btoday\b|\b\d{1,2}:\d{2}\b|\b(?:19|20)\d{2}\b|\b\d+\s*(?:s|m|h|d|w|mo|y|mins?|hrs?|hours?|days?|weeks?|months?|years?)\b/i;

/** True when a text shows a time as bylines write one besides a day: "6 years ago", "3:45 PM", "5 mins". */
export function showsSomeTime(text: string): boolean {
  return SOME_TIME.test(text) || AGO_ELSEWHERE.test(text);
}

const ALL_DAYS = new RegExp(SOME_DAY.source, 'giu');
const ALL_TIMES = new RegExp(SOME_TIME.source, 'gi');
const ALL_AGO_ELSEWHERE = new RegExp(AGO_ELSEWHERE.source, 'giu');

/** `text` with the days and times it shows ({@link showsSomeDay}, {@link showsSomeTime}) blanked: "Posted on March 5th, 2021 at 3:45 PM" → "Posted on   ,  at  PM". */
export function withoutDaysAndTimes(text: string): string {
  return text.replace(ALL_DAYS, ' ').replace(ALL_AGO_ELSEWHERE, ' ').replace(ALL_TIMES, ' ');
}

/** Words a line says when with, besides its day and time: "Posted on Tue., March 5th at noon · 5 min read". */
const WHEN_WORDS = new Set(
  'posted published updated originally written last on at of in the a about around noon midnight am pm a.m p.m st nd rd th h hr hrs ago today yesterday min mins read mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
);

/** True when what is left of `text` once its days and times are read says when and nothing else: "Posted on", "at", "PST". */
export function saysOnlyWhen(text: string): boolean {
  return (withoutDaysAndTimes(text).match(/\p{L}[\p{L}.]*/gu) ?? []).every(
    (w) => WHEN_WORDS.has(w.toLowerCase().replace(/\.$/, '')) || /^\p{Lu}{2,4}$/u.test(w),
  );
}

/** True when most words of three letters or more are capitalised: Title Case or capitals throughout. */
export function titleCased(text: string): boolean {
  const long = text.match(/\b\p{L}{3,}/gu) ?? [];
  return long.length > 0 && long.filter((w) => /^\p{Lu}/u.test(w)).length > long.length / 2;
}

/**
 * The names of a page's writers as its metadata gives them, each followed by the bare name when it
 * carries more: an affiliation or role after a comma, bar, dash or full stop ("Finian Cunningham.
 * Sputnik International", "TOM KRISHER, AP Auto Writer", "Amy Kuperinsky | NJ Advance Media for
 * NJ.com") or a label before a colon ("Текст: Венера Ерофеева").
 */
export function writersOf(authors: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const given of authors ?? []) {
    const name = given
      .replace(/^[^:：]{1,12}[:：]\s*/u, '')
      .split(/\s*[,|•·]\s*|\s+[-–—]\s+|(?<=\p{L}{2,})\.\s+(?=\p{Lu})/u)[0]
      ?.trim();
    out.push(given);
    if (name !== undefined && name !== given.trim() && name.split(/\s+/).length >= 2) out.push(name);
  }
  return [...new Set(out)];
}

/** What a picture's credit begins with: "Bild:", "Foto:", "Photo by", "Image credit", "Getty Images", "©". */
const CREDIT = /^(?:bild|foto|fotos|photo|photos|photograph|image|picture|credit|illustration|getty)\b|^©/i;

/** True when `text` is a picture's credit: "Bild: S. Lafrentz", "Photo: iFixit". */
export function isCredit(text: string): boolean {
  return CREDIT.test(text.trim());
}
