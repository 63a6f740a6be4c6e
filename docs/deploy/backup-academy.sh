#!/bin/sh
# Nightly backup (docs/hosting.md): one versioned file of all user data, kept 30 days.
#   sudo cp docs/deploy/backup-academy.sh /etc/cron.daily/backup-academy && sudo chmod +x $_
set -eu
DIR=/var/backups/academy
mkdir -p "$DIR"
cd /srv/academy
set -a; . /etc/long-card-academy.env; set +a
sudo -E -u academy /srv/academy/.venv/bin/academy export "$DIR/academy-$(date +%F).json.gz"
find "$DIR" -name 'academy-*.json.gz' -mtime +30 -delete
