<?php
/*
 * A PHP stand-in for the peer of issue 24 (bench/php-peer/start.ts starts it behind nginx and PHP-FPM).
 * It does what a PHP paste service of mclo.gs's kind does for an upload, and nothing else:
 * reads the body, applies the filter list it is given (filters.json, in GET /v1/filters' shape:
 * none for the PHP floor, logpaste's published list otherwise) with PCRE as a PHP client would,
 * stores the text as a file, caches it in Redis, and answers with the id and addresses.
 * GET /1/raw/{id} reads it back (Redis, else the file). Written for the bench: neither
 * logpaste's code nor any other service's.
 */

require __DIR__ . '/filters.php';

$dataDir = getenv('PEER_DATA_DIR');
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);

if ($_SERVER['REQUEST_METHOD'] === 'POST' && $path === '/1/log') {
    $content = isset($_POST['content']) ? $_POST['content'] : file_get_contents('php://input');
    if (!is_string($content) || trim($content) === '') {
        answer(400, ['success' => false, 'error' => 'Required POST argument "content" is empty.']);
    }
    $content = applyFilters(filters(getenv('PEER_FILTERS')), $content);
    // A pattern PCRE refused, or a match that ran out of its limits: no upload is stored unfiltered.
    if ($content === null) answer(500, ['success' => false, 'error' => preg_last_error_msg()]);
    $id = newId();
    file_put_contents("$dataDir/$id", $content, LOCK_EX);
    redis()->setex("log:$id", 86400, $content);
    $base = 'http://' . $_SERVER['HTTP_HOST'];
    answer(200, ['success' => true, 'id' => $id, 'url' => "$base/$id", 'raw' => "$base/1/raw/$id"]);
}

if ($_SERVER['REQUEST_METHOD'] === 'GET' && preg_match('#^/1/raw/([A-Za-z0-9]{7})$#', $path, $m)) {
    $content = redis()->get('log:' . $m[1]);
    if ($content === false) {
        $content = @file_get_contents("$dataDir/{$m[1]}");
        if ($content === false) answer(404, ['success' => false, 'error' => 'Log not found.']);
        redis()->setex('log:' . $m[1], 86400, $content);
    }
    header('Content-Type: text/plain; charset=utf-8');
    echo $content;
    exit;
}

answer(404, ['success' => false, 'error' => 'Not found.']);

function answer(int $status, array $body): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($body);
    exit;
}

function redis(): Redis
{
    static $redis = null;
    if ($redis === null) {
        $redis = new Redis();
        $redis->pconnect('127.0.0.1', 6379);
        $redis->select((int) getenv('PEER_REDIS_DB'));
    }
    return $redis;
}

function newId(): string
{
    $alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    do {
        $id = '';
        for ($i = 0; $i < 7; $i++) $id .= $alphabet[random_int(0, 61)];
    } while (file_exists(getenv('PEER_DATA_DIR') . "/$id"));
    return $id;
}
