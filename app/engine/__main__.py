"""``python -m app.engine VERB VARIANT [options]``."""

import sys

from app.engine.cli import main

sys.exit(main())
