#!/usr/bin/env python3
"""Prints, one per line, the `run:` commands of the GitHub Actions workflow
in the ```yaml block of docs/ci.md that has `jobs:`, so that a test runs
exactly what the documentation tells users to run.

    workflow_commands.py docs/ci.md
"""
import re
import sys

import yaml

text = open(sys.argv[1], encoding="utf-8").read()
for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
    workflow = yaml.safe_load(block)
    if isinstance(workflow, dict) and "jobs" in workflow:
        for job in workflow["jobs"].values():
            for step in job["steps"]:
                if "run" in step:
                    print(step["run"].strip())
        break
else:
    sys.exit("no workflow in " + sys.argv[1])
