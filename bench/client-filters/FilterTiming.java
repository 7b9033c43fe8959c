// The published filters in java.util.regex, as the Java client of test/filters/clients runs them
// (FilterClient.apply), timed: for each filter of the list, the best of the rounds in
// milliseconds, as a JSON array. The rounds after the first show the cost once the JIT has warmed up.
//
// Usage: javac -d <dir> test/filters/clients/FilterClient.java bench/client-filters/FilterTiming.java
//        java -cp <dir> FilterTiming <filters.json> <input.txt> <rounds>
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

public class FilterTiming {
    public static void main(String[] args) throws Exception {
        List<?> filters = (List<?>) new FilterClient.Json(Files.readString(Path.of(args[0]))).value();
        String input = Files.readString(Path.of(args[1]), StandardCharsets.UTF_8);
        int rounds = Integer.parseInt(args[2]);
        double[] best = new double[filters.size()];
        Arrays.fill(best, Double.MAX_VALUE);
        for (int round = 0; round < rounds; round++) {
            String text = input;
            for (int index = 0; index < filters.size(); index++) {
                long started = System.nanoTime();
                text = FilterClient.apply((Map<?, ?>) filters.get(index), text);
                best[index] = Math.min(best[index], (System.nanoTime() - started) / 1e6);
            }
        }
        StringBuilder out = new StringBuilder("[");
        for (int index = 0; index < best.length; index++) out.append(index > 0 ? "," : "").append(best[index]);
        System.out.println(out.append("]"));
    }
}
