/**
 * Form bodies as mclo.gs (PHP) reads them: field names with brackets build nested maps
 * (`metadata[0][key]=a` -> {metadata: {0: {key: "a"}}}), `name[]` appends, and a repeated name
 * keeps its last value. Upload metadata and bulk delete both read their forms through here.
 */
export type PhpFormValue = string | File | PhpFormMap;
/** Insertion order is kept, as PHP keeps it: `metadata[1]` sent before `metadata[0]` stays first. */
export type PhpFormMap = Map<string, PhpFormValue>;

/** Deeper names are dropped, as PHP's max_input_nesting_level does. */
const MAX_NESTING = 16;

/** One form field as sent: a name and its text or file part. */
export type FormEntry = [name: string, value: string | File];

/**
 * Builds PHP's nested view of form fields: `a[b][]=v` sets a.b.<next index> = v; a repeated name
 * keeps its first place and takes the last value. One addition to PHP: `a[][key]=1&a[][value]=2`
 * fills one element while its keys do not repeat (as Rails reads it), where PHP would make two
 * half elements that no reader here could use.
 */
export function decodePhpForm(entries: Iterable<FormEntry>): PhpFormMap {
  const root: PhpFormMap = new Map();
  // PHP's next free index of each map, for `[]`: one past the largest integer key so far.
  const nextIndex = new WeakMap<PhpFormMap, number>();
  const lastAppended = new WeakMap<PhpFormMap, PhpFormMap>();
  const setIn = (map: PhpFormMap, segment: string, value: PhpFormValue): void => {
    const key = segment === "" ? String(nextIndex.get(map) ?? 0) : segment;
    if (/^(0|[1-9]\d{0,14})$/.test(key)) nextIndex.set(map, Math.max(nextIndex.get(map) ?? 0, Number(key) + 1));
    map.set(key, value);
  };
  for (const [name, value] of entries) {
    const path = fieldPath(name);
    if (!path) continue;
    let parent = root;
    for (const [depth, segment] of path.slice(0, -1).entries()) {
      const existing = segment === "" ? lastAppended.get(parent) : parent.get(segment);
      if (existing instanceof Map && !(segment === "" && existing.has(path[depth + 1]))) {
        parent = existing;
        continue;
      }
      const child: PhpFormMap = new Map();
      setIn(parent, segment, child);
      if (segment === "") lastAppended.set(parent, child);
      parent = child;
    }
    setIn(parent, path[path.length - 1], value);
  }
  return root;
}

/**
 * `a[b][]` -> ["a", "b", ""]; null for a name PHP drops (empty, or nested too deep). As in PHP,
 * an unclosed first bracket is part of a plain name (`a[b` -> "a_b") and text after the last
 * closed bracket is ignored.
 */
function fieldPath(name: string): string[] | null {
  // Read bracket by bracket, and no further than PHP nests: a pattern over the whole name read a
  // name of a million `[]` for seconds, then gave up (a 500).
  const open = name.indexOf("[");
  if (open === 0) return null;
  if (open < 0) return name === "" ? null : [name];
  const path = [name.slice(0, open)];
  for (let at = open; name[at] === "["; ) {
    const close = name.indexOf("]", at + 1);
    if (close < 0) break;
    path.push(name.slice(at + 1, close));
    if (path.length > MAX_NESTING) return null;
    at = close + 1;
  }
  return path.length === 1 ? [name.replace("[", "_")] : path;
}

/** The values of a list-like field, in order: a JSON array, a PHP map or a JSON object of entries. */
export function listValues(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value instanceof Map) return [...value.values()];
  if (isPlainObject(value)) return Object.values(value);
  return null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Map) && !(value instanceof Blob);
}

/** A property of a JSON object or of a PHP form map. */
export function fieldOf(record: unknown, name: string): unknown {
  if (record instanceof Map) return record.get(name);
  if (isPlainObject(record)) return record[name];
  return undefined;
}
