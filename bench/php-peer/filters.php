<?php
/*
 * A filter list in GET /v1/filters' shape, applied with PCRE as a PHP client of ours would:
 * shared by the PHP stand-in (peer.php) and bench/client-filters.ts's timing (timing.php).
 */

/** The list in `$path`, with each pattern wrapped for PCRE, read once per process. */
function filters(string $path): array
{
    static $filters = null;
    if ($filters === null) {
        $filters = json_decode(file_get_contents($path), true);
        foreach ($filters as &$filter) {
            if ($filter['type'] !== 'regex') continue;
            foreach ($filter['data']['patterns'] as &$p) $p['regex'] = pcre($p['pattern'], $p['modifiers']);
            foreach ($filter['data']['exemptions'] as &$e) $e['regex'] = pcre($e['pattern'], $e['modifiers']);
        }
        unset($filter, $p, $e);
    }
    return $filters;
}

function pcre(string $pattern, array $modifiers): string
{
    // "\x01" cannot occur in a pattern, so nothing in it needs escaping as a delimiter.
    return "\x01" . $pattern . "\x01" . implode('', $modifiers);
}

/**
 * docs/API.md's steps: trim, a byte limit, a line limit, then each regex with its exemptions.
 * null when PCRE refuses a pattern or a match runs out of its limits.
 */
function applyFilters(array $filters, string $content): ?string
{
    foreach ($filters as $filter) {
        $content = applyFilter($filter, $content);
        if ($content === null) return null;
    }
    return $content;
}

function applyFilter(array $filter, string $content): ?string
{
    switch ($filter['type']) {
        case 'trim':
            return trim($content);
        case 'limit-bytes':
            $limit = $filter['data']['limit'];
            return strlen($content) > $limit ? mb_strcut($content, 0, $limit, 'UTF-8') : $content;
        case 'limit-lines':
            $limit = $filter['data']['limit'];
            $lines = explode("\n", $content, $limit + 1);
            return count($lines) > $limit ? implode("\n", array_slice($lines, 0, $limit)) : $content;
        case 'regex':
            $exemptions = $filter['data']['exemptions'];
            foreach ($filter['data']['patterns'] as $p) {
                $replacement = $p['replacement'];
                $content = preg_replace_callback($p['regex'], function (array $match) use ($exemptions, $replacement) {
                    foreach ($exemptions as $e) if (preg_match($e['regex'], $match[0])) return $match[0];
                    return $replacement;
                }, $content);
                if ($content === null) return null;
            }
            return $content;
    }
    return $content;
}
