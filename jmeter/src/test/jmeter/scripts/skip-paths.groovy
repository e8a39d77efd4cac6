// Which units a round skips (open-model-schedules.groovy asks before every unit): `skipPaths` lists, comma-separated,
// a path (skipped in every shape: `mongo`), a path in one shape (`reference:mysql-keyset`) or every path of a shape
// (`mix:*`). The judged rounds set it (the sends' and history's rounds 4-5 run only what a verdict rests on).
def entries = (vars.get('skipPaths') ?: '').split(',').collect { it.trim() }.findAll { it }
return { String path, String shape ->
    entries.any { entry ->
        def colon = entry.indexOf(':')
        colon < 0 ? entry == path : entry.substring(0, colon) == shape && entry.substring(colon + 1) in ['*', path]
    }
}
