/**
 * The language an answer is written in: `?lang=` wins, then the best Accept-Language entry,
 * else English. The language is part of the answer cache key, so a tag is reduced to what changes
 * the written answer: its primary language, one the server has locale data for (about 250), kept
 * with a script or region only for the few written variants below. `en-AA`, `en-AB` and `en-GB`
 * are all `en`: varying the tag cannot get past the cache.
 */
import { ApiError } from "../errors.ts";

export const defaultLanguage = "en";

/** Written variants answered apart from their language; zh-TW and zh-CN reach zh-Hant and zh-Hans by their likely script. */
const writtenVariants = new Set(["pt-BR", "pt-PT", "zh-Hans", "zh-Hant"]);

function answerTag(tag: string): string | null {
  if (tag.length > 35 || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(Intl.getCanonicalLocales(tag)[0]);
  } catch {
    return null;
  }
  const { language, region } = locale;
  if (Intl.DateTimeFormat.supportedLocalesOf([language])[0] !== language) return null;
  if (region && writtenVariants.has(`${language}-${region}`)) return `${language}-${region}`;
  const script = locale.script ?? (region ? locale.maximize().script : undefined);
  if (script && writtenVariants.has(`${language}-${script}`)) return `${language}-${script}`;
  return language;
}

/** The highest-q tag of an Accept-Language header that is a real tag (`*` and junk are skipped). */
function fromAcceptLanguage(header: string): string | null {
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of ranked) {
    const language = answerTag(tag);
    if (language) return language;
  }
  return null;
}

export function answerLanguage(request: Request): string {
  const asked = new URL(request.url).searchParams.get("lang");
  if (asked !== null && asked !== "") {
    const language = answerTag(asked.trim());
    if (!language) throw new ApiError("bad_request", `lang must be a known language's tag such as "en", "de" or "pt-BR", got ${JSON.stringify(asked.slice(0, 40))}`);
    return language;
  }
  const header = request.headers.get("accept-language");
  return (header && fromAcceptLanguage(header)) || defaultLanguage;
}

/** "German (de)" for the prompt; models follow a language name more reliably than a bare tag. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}
