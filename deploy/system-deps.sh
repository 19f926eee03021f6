#!/usr/bin/env bash
# Install the Debian packages listed in deploy/apt-packages.txt that are not installed yet.
# Runs as root (CI does) or through sudo; does nothing when everything is there.
set -euo pipefail
list="$(dirname "$0")/apt-packages.txt"
missing=()
while read -r package _; do
  [[ -z "$package" || "$package" == \#* ]] && continue
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done < "$list"
[[ ${#missing[@]} -eq 0 ]] && exit 0
echo "installing Debian packages: ${missing[*]}"
sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
