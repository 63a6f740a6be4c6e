#!/bin/sh
# Nightly backup (docs/hosting.md): one versioned file of all user data, kept 30 days;
# then the visitors' profiles idle for 180 days are pruned (what went is logged).
#   sudo cp docs/deploy/backup-academy.sh /etc/cron.daily/backup-academy && sudo chmod +x $_
set -eu
DIR=/var/backups/academy
install -d -o academy -g academy "$DIR"
cd /srv/academy
set -a; . /etc/long-card-academy.env; set +a
sudo -E -u academy /srv/academy/.venv/bin/academy export "$DIR/academy-$(date +%F).json.gz"
find "$DIR" -name 'academy-*.json.gz' -mtime +30 -delete
sudo -E -u academy /srv/academy/.venv/bin/academy prune --days 180 | logger -t academy-prune
