/**
 * The language an answer is written in: `?lang=` wins, then the best Accept-Language entry,
 * else English. Tags are canonicalised (de-de -> de-DE) so one language is one cache key.
 */
import { ApiError } from "../errors";

export const defaultLanguage = "en";

function canonical(tag: string): string | null {
  if (tag.length > 35 || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    const locale = new Intl.Locale(Intl.getCanonicalLocales(tag)[0]);
    // Variants and extensions do not change the language of an answer; drop them.
    return [locale.language, locale.script, locale.region].filter(Boolean).join("-");
  } catch {
    return null;
  }
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
    const language = canonical(tag);
    if (language) return language;
  }
  return null;
}

export function answerLanguage(request: Request): string {
  const asked = new URL(request.url).searchParams.get("lang");
  if (asked !== null && asked !== "") {
    const language = canonical(asked.trim());
    if (!language) throw new ApiError("bad_request", `lang must be a language tag such as "en", "de" or "pt-BR", got ${JSON.stringify(asked)}`);
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
