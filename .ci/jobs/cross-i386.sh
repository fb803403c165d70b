#!/bin/bash
# See cross.sh.
exec bash "$(dirname "$0")/cross.sh" i386
