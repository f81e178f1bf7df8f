"""The schema check of scripts/check-fixture-schemas. Usage: check.py SCHEMAS BUNDLED BROKEN EXPOSURE_MOCK.

1. The bundled fixtures pass the JSON Schemas of docs/schemas/.
2. The broken fixtures fail both the schemas and the loader (`exposure-mock --check-fixtures`),
   with the same problems: the same files and JSON paths."""

import json
import os
import re
import subprocess
import sys

from jsonschema import Draft202012Validator

SCHEMAS, BUNDLED, BROKEN, MOCK = sys.argv[1:5]
FILES = {"catalog/platform.json": "platform", "catalog/users.json": "users", "catalog/assets.json": "assets",
         "catalog/ads.json": "ads", "media/media.json": "media"}


def schema_problems(directory):
    """(file, JSON path, message) of every schema error in `directory`."""
    problems = []
    for file, name in FILES.items():
        schema = json.load(open(os.path.join(SCHEMAS, f"{name}.schema.json")))
        try:
            document = json.load(open(os.path.join(directory, file)))
        except ValueError as error:
            problems.append((file, "$", f"not JSON: {error}"))
            continue
        for error in Draft202012Validator(schema).iter_errors(document):
            path = "$" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path)
            if error.validator in ("additionalProperties", "unevaluatedProperties"):
                for key in re.findall(r"'([^']+)' (?:was|were) unexpected", error.message) or re.findall(r"'([^']+)'", error.message):
                    problems.append((file, f"{path}.{key}", error.message))
            else:
                problems.append((file, path, error.message))
    return problems


def loader_problems(directory):
    """(file, JSON path, message) of every problem `exposure-mock --check-fixtures` prints."""
    result = subprocess.run([MOCK, "--check-fixtures", "--fixtures", directory], capture_output=True, text=True)
    problems = []
    for line in (result.stdout + result.stderr).splitlines():
        match = re.match(r"\s+- (\S+?)(?::\d+)? (\S+(?: \"[^\"]*\")?\S*): (.*)$", line)
        if match:
            file, location, message = match.groups()
            path = re.sub(r'^[\w-]+', "$", re.sub(r'\] "[^"]*"', "]", location), count=1)
            problems.append((file, path, message))
    return result.returncode, problems


failed = False
bundled = schema_problems(BUNDLED)
print(f"bundled fixtures against the schemas: {len(bundled)} problems")
for problem in bundled:
    print("  ", *problem)
failed |= bool(bundled)

schema = schema_problems(BROKEN)
status, loader = loader_problems(BROKEN)
schema_places, loader_places = {p[:2] for p in schema}, {p[:2] for p in loader}
print(f"broken fixtures: the schemas find {len(schema_places)} places, the loader {len(loader_places)} (exit {status})")
for place in sorted(schema_places | loader_places):
    seen = ("schema" if place in schema_places else "      ", "loader" if place in loader_places else "      ")
    print("  ", *seen, *place)
if not schema_places or schema_places != loader_places or status != 65:
    print("FAIL: the schemas and the loader must find the same problems in the broken fixtures", file=sys.stderr)
    failed = True
sys.exit(1 if failed else 0)
