# Type information for the part of gunicorn the app uses (the package ships none).
