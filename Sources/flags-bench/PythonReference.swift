#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation

/// Runs the Python side of a comparison: PyYAML's C loader, and a straightforward Python
/// implementation of Nimbus enrollment (the SDK's 48-bit truncated SHA-256 sampling). Each script times itself with the
/// same best-of-rounds rule, so interpreter start-up is not counted against it.
enum PythonReference {
    /// Seconds for PyYAML's C loader to parse every file once (parse only), best of `rounds`.
    static func pyyamlSeconds(files: [String], rounds: Int) throws -> Double {
        try run(script: """
            import sys, time, yaml
            rounds, files = int(sys.argv[1]), sys.argv[2:]
            texts = [open(f, encoding="utf-8").read() for f in files]
            best = float("inf")
            for _ in range(rounds):
                start = time.perf_counter()
                for text in texts:
                    yaml.load(text, Loader=yaml.CLoader)
                best = min(best, time.perf_counter() - start)
            print(best)
            """, arguments: [String(rounds)] + files)
    }

    /// Seconds for the reference to evaluate every record of `recordsPath` for one client.
    static func enrollmentSeconds(recordsPath: String, nimbusID: String, appName: String, channel: String, rounds: Int) throws -> Double {
        try run(script: """
            import hashlib, json, re, sys, time
            rounds, path, nimbus_id, app_name, channel = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
            records = json.load(open(path))["data"]
            context = {"app_name": app_name, "app_id": "bench", "channel": channel, "language": "en", "region": "US",
                       "locale": "en-US", "is_already_enrolled": False, "days_since_install": 0, "is_first_run": False}

            def sample_hash(value):
                text = json.dumps(value, separators=(",", ":"))
                return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]

            def key(fraction):
                return format(int(fraction * (2 ** 48 - 1)), "012x")

            def bucket_sample(value, start, count, total):
                h = sample_hash(value)
                lower, upper = key(start / total), key((start + count) / total)
                if start + count <= total:
                    return lower <= h < upper
                return h >= lower or h < key(((start + count) % total) / total)

            def ratio_sample(value, ratios):
                h = sample_hash(value)
                total, cumulative = sum(ratios), 0
                for index, ratio in enumerate(ratios):
                    cumulative += ratio
                    if h <= key(cumulative / total):
                        return index
                return len(ratios) - 1

            def targeted(expression):
                python = expression.replace("&&", " and ").replace("||", " or ")
                python = re.sub(r"!(?!=)", " not ", python).replace("true", "True").replace("false", "False")
                return bool(eval(python, {}, context))

            def evaluate(record):
                if record["isEnrollmentPaused"]:
                    return ("paused", None)
                if record.get("appName") != app_name:
                    return ("other-app", None)
                if "channel" in record and record["channel"].lower() != channel.lower():
                    return ("other-channel", None)
                if not targeted(record.get("targeting", "true")):
                    return ("not-targeted", None)
                bucket = record["bucketConfig"]
                if not bucket_sample([nimbus_id, bucket["namespace"]], bucket["start"], bucket["count"], bucket["total"]):
                    return ("not-selected", None)
                branches = record["branches"]
                chosen = ratio_sample("experimentmanager-%s-%s-branch" % (nimbus_id, record["slug"]), [b["ratio"] for b in branches])
                return ("enrolled", branches[chosen]["slug"])

            def resolve_conflicts(results, rollouts):
                # One recipe per feature within a pool: the earliest publishedDate wins.
                enrolled = [i for i, (record, (status, _)) in enumerate(zip(records, results))
                            if status == "enrolled" and bool(record.get("isRollout")) == rollouts]
                enrolled.sort(key=lambda i: (records[i].get("publishedDate") is not None, records[i].get("publishedDate") or ""))
                held = set()
                for i in enrolled:
                    features = set(records[i].get("featureIds", []))
                    if features & held:
                        results[i] = ("feature-conflict", None)
                    else:
                        held |= features

            best = float("inf")
            for _ in range(rounds):
                start = time.perf_counter()
                results = [evaluate(record) for record in records]
                resolve_conflicts(results, False)
                resolve_conflicts(results, True)
                best = min(best, time.perf_counter() - start)
            print(best)
            """, arguments: [String(rounds), recordsPath, nimbusID, appName, channel])
    }

    private static func run(script: String, arguments: [String]) throws -> Double {
        try TimedChild.seconds(["/usr/bin/env", "python3", "-c", script] + arguments,
                               what: "the Python reference (is python3 with PyYAML installed?)")
    }
}

/// A benchmark that could not run, with the reason.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
#endif
