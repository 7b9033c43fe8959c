// A filter client as a Java integration would write one: it parses GET /v1/filters as served
// (JSON), compiles every pattern with java.util.regex and applies the list to a text before
// uploading it. Strict on purpose: a `data` that is not an object, an unknown modifier or a
// pattern Java cannot compile ends the program with an error, as it would break such a client.
//
// Usage: java FilterClient.java <filters.json> <input.txt>   (the filtered text goes to stdout)
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class FilterClient {
    public static void main(String[] args) throws Exception {
        Object filters = new Json(Files.readString(Path.of(args[0]))).value();
        String text = Files.readString(Path.of(args[1]), StandardCharsets.UTF_8);
        for (Object entry : (List<?>) filters) text = apply((Map<?, ?>) entry, text);
        System.out.write(text.getBytes(StandardCharsets.UTF_8));
        System.out.flush();
    }

    static String apply(Map<?, ?> filter, String text) {
        Map<?, ?> data = (Map<?, ?>) filter.get("data");
        if (data == null) throw new IllegalStateException("filter data is not an object: " + filter);
        switch ((String) filter.get("type")) {
            case "trim":
                return text.strip();
            case "limit-bytes":
                return limitBytes(text, ((Number) data.get("limit")).intValue());
            case "limit-lines":
                return limitLines(text, ((Number) data.get("limit")).intValue());
            case "regex":
                return regex(data, text);
            default:
                throw new IllegalStateException("unknown filter " + filter.get("type"));
        }
    }

    static String regex(Map<?, ?> data, String text) {
        List<Pattern> exemptions = new ArrayList<>();
        for (Object exemption : (List<?>) data.get("exemptions")) exemptions.add(compile((Map<?, ?>) exemption));
        for (Object item : (List<?>) data.get("patterns")) {
            Map<?, ?> pattern = (Map<?, ?>) item;
            String replacement = (String) pattern.get("replacement");
            Matcher matcher = compile(pattern).matcher(text);
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                String match = matcher.group();
                boolean exempt = exemptions.stream().anyMatch(exemption -> exemption.matcher(match).find());
                matcher.appendReplacement(out, Matcher.quoteReplacement(exempt ? match : replacement));
            }
            matcher.appendTail(out);
            text = out.toString();
        }
        return text;
    }

    static Pattern compile(Map<?, ?> pattern) {
        int flags = 0;
        for (Object modifier : (List<?>) pattern.get("modifiers")) {
            switch ((String) modifier) {
                case "i": flags |= Pattern.CASE_INSENSITIVE; break;
                case "m": flags |= Pattern.MULTILINE; break;
                case "s": flags |= Pattern.DOTALL; break;
                case "x": flags |= Pattern.COMMENTS; break;
                default: throw new IllegalStateException("unknown modifier " + modifier);
            }
        }
        return Pattern.compile((String) pattern.get("pattern"), flags);
    }

    static String limitBytes(String text, int limit) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= limit) return text;
        int end = limit;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) end--; // never split a character
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }

    static String limitLines(String text, int limit) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        if (lines.length <= limit) return text;
        Matcher breaks = Pattern.compile("\r\n|\r|\n").matcher(text);
        int end = 0;
        for (int line = 0; line < limit && breaks.find(); line++) end = breaks.start();
        return text.substring(0, end);
    }

    /** Just enough JSON for the filter list: objects, arrays, strings, numbers, literals. */
    static final class Json {
        private final String source;
        private int at;

        Json(String source) { this.source = source; }

        Object value() {
            skipSpace();
            char c = source.charAt(at);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (source.startsWith("null", at)) { at += 4; return null; }
            if (source.startsWith("true", at)) { at += 4; return true; }
            if (source.startsWith("false", at)) { at += 5; return false; }
            int start = at;
            while (at < source.length() && "+-0123456789.eE".indexOf(source.charAt(at)) >= 0) at++;
            return Double.parseDouble(source.substring(start, at));
        }

        private Map<String, Object> object() {
            Map<String, Object> result = new LinkedHashMap<>();
            at++;
            skipSpace();
            if (source.charAt(at) == '}') { at++; return result; }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                at++; // ':'
                result.put(key, value());
                skipSpace();
                if (source.charAt(at++) == '}') return result;
            }
        }

        private List<Object> array() {
            List<Object> result = new ArrayList<>();
            at++;
            skipSpace();
            if (source.charAt(at) == ']') { at++; return result; }
            while (true) {
                result.add(value());
                skipSpace();
                if (source.charAt(at++) == ']') return result;
            }
        }

        private String string() {
            StringBuilder out = new StringBuilder();
            at++;
            while (true) {
                char c = source.charAt(at++);
                if (c == '"') return out.toString();
                if (c != '\\') { out.append(c); continue; }
                char escaped = source.charAt(at++);
                switch (escaped) {
                    case 'n': out.append('\n'); break;
                    case 'r': out.append('\r'); break;
                    case 't': out.append('\t'); break;
                    case 'b': out.append('\b'); break;
                    case 'f': out.append('\f'); break;
                    case 'u': out.append((char) Integer.parseInt(source.substring(at, at + 4), 16)); at += 4; break;
                    default: out.append(escaped);
                }
            }
        }

        private void skipSpace() {
            while (at < source.length() && Character.isWhitespace(source.charAt(at))) at++;
        }
    }
}
