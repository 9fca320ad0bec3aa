#!/usr/bin/env python3
"""Checks a SARIF log against what GitHub code scanning documents it reads
("SARIF support for code scanning"): the log's $schema, version and runs;
each run's tool.driver with a name, a version and rules; each rule's id,
shortDescription.text, fullDescription.text and help.text; each result's
ruleId (a rule of the driver), message.text, partialFingerprints and
between 1 and 10 locations, each with a physicalLocation whose
artifactLocation.uri is relative to a declared uriBaseId (or absolute) and
whose region has a startLine of at least 1. Prints 'ok: N results' or each
problem, and exits 1 on a problem.

    sarif_github_check.py LOG.sarif
    sarif_github_check.py --same-fingerprints A.sarif B.sarif
        (the results of A and B in order have the same fingerprints)
"""
import json
import sys

problems = []


def need(condition, what):
    if not condition:
        problems.append(what)


def text_of(obj, key):
    value = obj.get(key)
    return isinstance(value, dict) and isinstance(value.get("text"), str) \
        and value["text"] != ""


def check_location(loc, bases, where):
    phys = loc.get("physicalLocation", {})
    art = phys.get("artifactLocation", {})
    uri = art.get("uri")
    need(isinstance(uri, str) and uri, where + ": artifactLocation.uri")
    if "uriBaseId" in art:
        need(art["uriBaseId"] in bases,
             where + ": uriBaseId %r not in originalUriBaseIds" % art.get("uriBaseId"))
        need(not uri.startswith("/") and "://" not in uri,
             where + ": a uri with a base must be relative")
    else:
        need(uri.startswith("file://"), where + ": no base and not absolute")
    line = phys.get("region", {}).get("startLine")
    need(isinstance(line, int) and line >= 1, where + ": region.startLine")


def check(log):
    need(log.get("version") == "2.1.0", "version 2.1.0")
    need("sarif-2.1.0" in log.get("$schema", ""), "$schema")
    runs = log.get("runs")
    need(isinstance(runs, list) and runs, "runs")
    count = 0
    for r, run in enumerate(runs or []):
        driver = run.get("tool", {}).get("driver", {})
        need(driver.get("name"), "run %d: tool.driver.name" % r)
        need(driver.get("version") or driver.get("semanticVersion"),
             "run %d: tool.driver.version" % r)
        rules = driver.get("rules", [])
        ids = set()
        for rule in rules:
            rid = rule.get("id", "?")
            ids.add(rid)
            for key in ("shortDescription", "fullDescription", "help"):
                need(text_of(rule, key), "rule %s: %s.text" % (rid, key))
        bases = set(run.get("originalUriBaseIds", {}))
        for b, base in run.get("originalUriBaseIds", {}).items():
            need(base.get("uri", "").endswith("/"),
                 "originalUriBaseIds %s: uri must end with '/'" % b)
        results = run.get("results")
        need(isinstance(results, list), "run %d: results" % r)
        for i, res in enumerate(results or []):
            where = "result %d" % i
            need(res.get("ruleId") in ids, where + ": ruleId is a rule")
            need(text_of(res, "message"), where + ": message.text")
            fps = res.get("partialFingerprints")
            need(isinstance(fps, dict) and fps, where + ": partialFingerprints")
            locs = res.get("locations")
            need(isinstance(locs, list) and 1 <= len(locs) <= 10,
                 where + ": 1 to 10 locations")
            for loc in locs or []:
                check_location(loc, bases, where)
            count += 1
    return count


def fingerprints(log):
    return [(res["ruleId"], tuple(sorted(res["partialFingerprints"].items())))
            for run in log["runs"] for res in run["results"]]


def main():
    if sys.argv[1] == "--same-fingerprints":
        a, b = (json.load(open(p, encoding="utf-8")) for p in sys.argv[2:4])
        fa, fb = fingerprints(a), fingerprints(b)
        need(fa == fb, "fingerprints differ:\n%s\n%s" % (fa, fb))
        need(len(set(fa)) == len(fa), "two results share a fingerprint")
        count = len(fa)
    else:
        count = check(json.load(open(sys.argv[1], encoding="utf-8")))
    for p in problems:
        print("problem: " + p)
    if problems:
        sys.exit(1)
    print("ok: %d results" % count)


if __name__ == "__main__":
    main()
