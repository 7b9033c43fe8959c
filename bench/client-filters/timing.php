<?php
/*
 * The published filters in PCRE, as a PHP client runs them (../php-peer/filters.php), timed:
 * for each filter of the list, the best of the rounds in milliseconds, as a JSON array.
 *
 * Usage: php timing.php <filters.json> <input.txt> <rounds>
 */
require __DIR__ . '/../php-peer/filters.php';

[, $filtersPath, $inputPath, $rounds] = $argv;
$filters = filters($filtersPath);
$input = file_get_contents($inputPath);
$best = array_fill(0, count($filters), INF);
for ($round = 0; $round < (int) $rounds; $round++) {
    $content = $input;
    foreach ($filters as $index => $filter) {
        $started = hrtime(true);
        $content = applyFilter($filter, $content);
        $best[$index] = min($best[$index], (hrtime(true) - $started) / 1e6);
        if ($content === null) {
            fwrite(STDERR, 'PCRE failed on filter ' . $index . ': ' . preg_last_error_msg() . "\n");
            exit(1);
        }
    }
}
echo json_encode($best), "\n";
